// SPDX-License-Identifier: Apache-2.0
/*
 * sp_assoc.v - stage 2 of docs/spec.md: the associative counter table A_k
 * (section 6), and its flush.
 *
 * Pipeline stage S3.  ASSOC_K entries in registers, kept as a
 * move-to-front list: valid entries at positions 0..used-1, position 0 the
 * most recently used.  One stage-1 message per clock; in the same cycle the
 * list shifts and at most one message leaves for the output queue:
 *   hit       the entry moves to the front with count + c, or, if that
 *             exceeds 2^COUNT_BITS - 1 (2^28 - 1, MSG_HEAD.COUNT's width, in
 *             every product build), its old count leaves and it restarts
 *             at c;
 *   miss      the message goes to the front; if the list was full, the
 *             entry at position k-1 leaves.
 * The tuple comparisons start three clocks ahead, while the message is in
 * S1R (early_tuple_i): against every entry as it is, in chunks of at most
 * 17 bits, each chunk's result registered (a whole-tuple comparison against
 * k entries is one register driving k comparators and a long AND behind
 * them, too far for one clock), and against the messages in S3, S2B and
 * S2A, which will be position 0 in turn.  Two clocks ahead (the message in
 * S2A) the chunks are ANDed and the result is moved the way the clock
 * before moved the list, then the way this clock's S3 message moves it
 * (that message becoming position 0).  One clock ahead the registered
 * result is moved by that clock's shift, with the S2B message as position
 * 0, and the hit entry's count is selected.  So S3 starts from a
 * registered hit vector and count and only adds.  A flush never runs
 * within three clocks of a message.
 *
 * Flush (block stopped, pipeline empty): the list moves towards its end
 * once per clock, position k-1 leaving when it holds an entry, so the least
 * recently used entry leaves first.  A move that hands out an entry waits
 * for room_i (a free output-queue slot); one over an empty end does not.
 * The flush moves the list the way a miss does, and hands out the entry a
 * full miss evicts: no position takes from its successor, and no second
 * source feeds the output.  flush_done_o pulses with the last entry, or at
 * once for an empty list.
 *
 * ASSOC_K = 1 keeps one entry and none of the list: the S2 tuple is compared
 * with it a clock ahead, and the entry's own register feeds the adder.
 *
 * Under `FORMAL (verif/formal/ only) f_flush_moved_o and f_calm_o show the
 * two histories the assertions keep (read with SP_ASSERT; without it they
 * are constants): the whole-block proof relates the pipeline to them.
 * Under `SP_ASSERT a_held_o is the sum of the counts the entries hold:
 * sp_stratprof checks it against COUNT_RES_ASSOC at every clock.
 */
`resetall
`default_nettype none
`include "sp_regs.vh"

module sp_assoc #(
    // word width in bits, 32 or 64
    parameter WORD_BITS = 32,
    // entries of A_k, 1..64
    parameter ASSOC_K = 16,
    // width of the incoming stage-1 message counts, below COUNT_BITS
    parameter IN_BITS = 17,
    // an entry's count width, IN_BITS + 1..28: 28 (MSG_HEAD.COUNT) but in
    // verification builds, where a narrower one reaches the overflow rule
    parameter COUNT_BITS = 28
) (
    input  wire          clk_i,
    input  wire          rst_i,
    // the tuples of the messages that may arrive in three clocks (S1R), two
    // (S2A) and the next (S2B)
    input  wire [TW-1:0] early_tuple_i,
    input  wire [TW-1:0] ahead_tuple_i,
    input  wire [TW-1:0] pre_tuple_i,
    // a stage-1 message <tuple, count>
    input  wire          in_valid_i,
    input  wire [TW-1:0] in_tuple_i,
    input  wire [IN_BITS-1:0] in_count_i,
    // CMD.FLUSH_ASSOC accepted; room in the output queue for a flush message
    input  wire          flush_start_i,
    input  wire          room_i,
    // the message leaving this cycle
    output wire          out_valid_o,
    output wire [TW-1:0] out_tuple_o,
    output wire [`SP_MSG_COUNT_BITS-1:0] out_count_o,
    output wire          out_flush_o,
    // flush state, and the entries held
    output wire          flushing_o,
    output wire          flush_done_o,
    output wire [6:0]    used_o
`ifdef SP_ASSERT
    // the sum of the counts held (at most 64 entries of 2^COUNT_BITS - 1)
    , output wire [CW+6:0] a_held_o
`endif
`ifdef FORMAL
    , output wire [2:0]    f_flush_moved_o
    , output wire [2:0]    f_calm_o
`endif
);

    localparam TW = 3 + 2 * WORD_BITS;
    localparam K  = ASSOC_K;
    localparam CW = COUNT_BITS;          // an entry's count
    localparam MW = `SP_MSG_COUNT_BITS;  // a message's count (MSG_HEAD.COUNT)

    // parameter checks: a bad value instantiates a module named after the
    // rule it breaks, which does not exist, so every tool stops there
    generate
        if (ASSOC_K < 1 || ASSOC_K > 64) begin : g_bad_assoc_k
            sp_assoc_ASSOC_K_must_be_1_to_64 u_error ();
        end
        if (COUNT_BITS > MW) begin : g_bad_count_bits
            sp_assoc_COUNT_BITS_must_be_at_most_the_message_count_width u_error ();
        end
        if (IN_BITS < 1 || IN_BITS > CW - 1) begin : g_bad_in_bits
            sp_assoc_IN_BITS_must_be_1_to_COUNT_BITS_minus_1 u_error ();
        end
    endgenerate

    // the message's count: the entry's, zero-extended
    wire [CW-1:0]    out_count;
    wire [MW+CW-1:0] out_count_wide = {{MW{1'b0}}, out_count};
    assign out_count_o = out_count_wide[MW-1:0];
    wire unused_out_count_wide = ^out_count_wide[MW+CW-1:MW];

    reg  [K-1:0]  valid_q;
    reg           flushing_q;

    wire [CW-1:0] in_count   = {{(CW - IN_BITS){1'b0}}, in_count_i};
    // a flush move this clock, and whether it hands out position k-1 (a
    // one-entry table holds its entry throughout a flush: every move hands
    // it out, and its logic stays that of a plain flush-on-room)
    wire        flush_move = flushing_q && (room_i || (K > 1 && !valid_q[K-1]));
    wire        flush_emit = flush_move && (K == 1 || valid_q[K-1]);
    // set by the branch below: no entry held; the flush's next message is
    // the last one
    wire        empty, last_one;

    assign out_flush_o  = flush_emit;
    assign flushing_o   = flushing_q;
    assign flush_done_o = (flush_start_i && empty) || (flush_emit && last_one);

    reg flushing_d;
    always @* begin
        flushing_d = flushing_q;
        if (flush_start_i && !empty) flushing_d = 1'b1;
        if (flush_emit && last_one)  flushing_d = 1'b0;
    end

    always @(posedge clk_i) begin
        flushing_q <= flushing_d;
        if (rst_i) flushing_q <= 1'b0;
    end

`ifdef SP_ASSERT
    reg [2:0] flush_moved_q;   // a flush move one, two and three clocks ago
    // the table has changed only by messages for one, two and three clocks
    // (no reset, no flush move): the comparisons made ahead are then exact
    reg [2:0] calm_q;
    always @(posedge clk_i) begin
        flush_moved_q <= {flush_moved_q[1:0], flush_move};
        calm_q        <= {calm_q[1:0], !flush_move};
        if (rst_i) begin
            flush_moved_q <= 3'b000;
            calm_q        <= 3'b000;
        end
    end
`endif

`ifdef FORMAL
`ifdef SP_ASSERT
    assign f_flush_moved_o = flush_moved_q;
    assign f_calm_o        = calm_q;
`else
    assign f_flush_moved_o = 3'b000;
    assign f_calm_o        = 3'b111;
`endif
`endif

    generate
        if (K == 1) begin : g_one
            // ---- one entry, its count added directly.  The sum overflows
            // only with the bits above c's width all ones and a carry out of
            // the low part, so the carry chain is c's width and the high part
            // is the old one or its increment.  The comparison is made a
            // clock ahead, on the S2 tuple against the entry as this clock
            // leaves it (the S3 message's tuple when there is one), so S3
            // starts from a register: a 3 + 2W-bit comparison in S3 is the
            // iCE40's longest path.
            reg  [TW-1:0]       tuple_q;
            reg  [CW-1:0]         count_q;
            reg                 hit_q;
            wire                hit_d    = in_valid_i ? in_tuple_i == pre_tuple_i :
                                           valid_q[0] && !flush_emit && tuple_q == pre_tuple_i;
            wire                hit      = hit_q;
            wire [IN_BITS:0]    low_sum  = {1'b0, count_q[IN_BITS-1:0]} + {1'b0, in_count_i};
            // the count's bits above c's width all ones, a flip-flop beside
            // it (worked out from what the count becomes: the old high part,
            // its increment, or the message's count alone), so the overflow
            // test waits for no AND over them
            reg                 ones_q;
            wire [CW-1-IN_BITS:0] high = count_q[CW-1:IN_BITS];
            wire                high_m1  = high == {(CW - IN_BITS){1'b1}} - {{(CW - IN_BITS - 1){1'b0}}, 1'b1};
            wire                ovf      = ones_q && low_sum[IN_BITS];
            wire [CW-1-IN_BITS:0] high_inc = count_q[CW-1:IN_BITS] + {{(CW - 1 - IN_BITS){1'b0}}, 1'b1};
            wire [CW-1:0]         sum      = {low_sum[IN_BITS] ? high_inc : count_q[CW-1:IN_BITS],
                                            low_sum[IN_BITS-1:0]};

            assign empty    = !valid_q[0];
            assign last_one = 1'b1;
            assign used_o   = {6'd0, valid_q[0]};
            // an overflow and a victim both hand out the entry as it is
            assign out_valid_o = (in_valid_i && (hit ? ovf : valid_q[0])) || flush_emit;
            assign out_tuple_o = tuple_q;
            assign out_count   = count_q;

            always @(posedge clk_i) begin
                if (in_valid_i) begin
                    tuple_q <= in_tuple_i;
                    count_q <= (hit && !ovf) ? sum : in_count;
                    ones_q  <= hit && (low_sum[IN_BITS] ? (!ones_q && high_m1) : ones_q);
                end
                if (in_valid_i)      valid_q[0] <= 1'b1;
                else if (flush_emit) valid_q[0] <= 1'b0;
                hit_q <= hit_d;
                if (rst_i) begin
                    valid_q[0] <= 1'b0;
                    hit_q      <= 1'b0;
                end
            end

            // the tuples two and three clocks ahead serve the larger tables only
            wire [TW-1:0] unused_ahead = ahead_tuple_i ^ early_tuple_i;

`ifdef SP_ASSERT
            assign a_held_o = valid_q[0] ? {7'd0, count_q} : {(CW + 7){1'b0}};
            always @(posedge clk_i) begin
                if (!rst_i) begin
                    assert (!(in_valid_i && (flushing_q || flush_start_i)));
                    assert (!(flush_start_i && flushing_q));
                    assert (!(in_valid_i && flush_moved_q != 3'b000));
                    assert (!in_valid_i || calm_q == 3'b111);
                    assert (!flushing_q || valid_q[0]);
                    // the comparison made a clock ahead is the entry's now
                    assert (!in_valid_i || hit_q == (valid_q[0] && tuple_q == in_tuple_i));
                    // the high bits' flag is the count's
                    if (valid_q[0]) assert (ones_q == &count_q[CW-1:IN_BITS]);
                end
            end
`endif
        end else begin : g_list
            // ---- the move-to-front list in registers
            // one word per position: a simulator then compares and moves
            // whole words (Yosys keeps them in flip-flops, as before)
            (* mem2reg *) reg [TW-1:0] tuple_q [0:K-1];
            (* mem2reg *) reg [CW-1:0]   count_q [0:K-1];
            reg [6:0]      used_q;


            // ---- lookup, prepared in the previous clock
            localparam [K-1:0] ONE_K = 1;
            reg  [K-1:0] hit_q;
            wire [K-1:0] hit = in_valid_i ? hit_q : {K{1'b0}};
            wire any_hit = |hit;
            wire full    = valid_q[K-1];

            // the hit entry's count (at most one entry holds a given tuple),
            // selected a clock ahead
            reg  [CW-1:0] hit_count_q;
            // its bits above c's width all ones, registered with it: the
            // overflow test then starts from a flip-flop, not from an AND
            // over those bits (it is worked out below from what the count
            // becomes, beside the count)
            reg         hit_high_ones;
            wire [CW-1-IN_BITS:0] hc_high = hit_count_q[CW-1:IN_BITS];
`ifdef SP_ASSERT
            wire        hc_ones    = &hc_high;
`endif
            wire        hc_ones_m1 = hc_high == {(CW - IN_BITS){1'b1}} - {{(CW - IN_BITS - 1){1'b0}}, 1'b1};
            // count + c > 2^COUNT_BITS - 1 needs the bits above c's width all ones and a carry
            // out of the low part: a short adder decides the overflow, and the high
            // part of the sum is the high count or its increment (formed in parallel
            // with the low adder), chosen by its carry (below, for position 0).
            wire [IN_BITS:0]      low_sum  = {1'b0, hit_count_q[IN_BITS-1:0]} + {1'b0, in_count_i};
            wire                  overflow = hit_high_ones && low_sum[IN_BITS];
            wire [CW-1-IN_BITS:0]   high_inc = hit_count_q[CW-1:IN_BITS] + {{(CW - 1 - IN_BITS){1'b0}}, 1'b1};

            // position i >= 1 takes position i-1's entry when the message misses or
            // hits at i or further back, that is when no position before i hits.
            // With the hit vector one-hot or zero (asserted below), those are the
            // positions up to the hit's, all of them on a miss: hit * 2 - 1, one
            // short carry chain from registers (not a chain through any_hit), and
            // one word operation for a simulator.  Bit 0 is not used.
            wire [K-1:0] moves = (hit_q << 1) - ONE_K;

            // A per-position vector as a clock moves the list: with a message
            // (msg), the positions that take their predecessor (mv) take its bit and
            // position 0 takes front (what holds for the message's tuple); without
            // one it is unchanged.
            function [K-1:0] moved(input [K-1:0] v, input front, input msg, input [K-1:0] mv);
                begin
                    if (msg)
                        moved = ((v << 1) & mv) | (v & ~mv & ~ONE_K) | {{(K - 1){1'b0}}, front};
                    else
                        moved = v;
                end
            endfunction

            // ---- what leaves
            wire in_emit    = in_valid_i && (any_hit ? overflow : full);

            // a flush starts from a prefix and keeps the entries side by side
            // as they move to the end (asserted): the entry at k-1 is the last
            // one when k-2 is empty
            assign empty        = !valid_q[0];
            assign last_one     = !valid_q[(K > 1) ? K - 2 : 0];
            assign out_valid_o  = in_emit || flush_emit;
            // a flush hands out position k-1 like a victim, and any_hit is low
            // while it runs
            assign out_tuple_o  = any_hit ? in_tuple_i : tuple_q[K-1];
            assign out_count    = any_hit ? hit_count_q : count_q[K-1];
            assign used_o       = used_q;

            // position 0's new count: with the low adder's carry the last input
            // (both candidates are ready before it)
            wire [CW-1:0] front_nc = any_hit ? {hit_count_q[CW-1:IN_BITS], low_sum[IN_BITS-1:0]} : in_count;
            wire [CW-1:0] front_c  = (any_hit && !hit_high_ones) ? {high_inc, low_sum[IN_BITS-1:0]}
                                                               : in_count;
            wire [CW-1:0] front_count = low_sum[IN_BITS] ? front_c : front_nc;

            // ---- three clocks ahead: the S1R tuple against every entry, a
            // chunk at a time, and against the messages in S3, S2B and S2A
            localparam CHUNK = 17;
            localparam NCH   = (TW + CHUNK - 1) / CHUNK;
            // the chunks' results, entry i's chunk c at bit c*K + i; an
            // invalid entry matches in no chunk
            function [NCH*K-1:0] chunks_holding(input [TW-1:0] t);
                integer m, c;
                reg [NCH*CHUNK-1:0] tx, ex;
                begin
                    tx = {{(NCH * CHUNK - TW){1'b0}}, t};
                    for (m = 0; m < K; m = m + 1) begin
                        ex = {{(NCH * CHUNK - TW){1'b0}}, tuple_q[m]};
                        for (c = 0; c < NCH; c = c + 1)
                            chunks_holding[c*K + m] = valid_q[m] && ex[c*CHUNK +: CHUNK] == tx[c*CHUNK +: CHUNK];
                    end
                end
            endfunction
            reg [NCH*K-1:0] ch_q;       // the S2A tuple's chunks against the list of the clock before
            reg             x_front_q;  // ... against the S3 message of the clock before
            reg             x_next_q;   // ... against the S3 message now (S2B then)
            reg             mv_valid_q; // the clock before moved the list with a message,
            reg [K-1:0]     mv_q;       // these positions taking their predecessor's entry

            // ---- two clocks ahead: the S2A tuple against the list as it will be
            // after this clock (and the S2B tuple, position 0 after the next):
            // the chunks' AND is the list of the clock before, moved as that
            // clock moved it, then as this one does
            function [K-1:0] all_chunks(input [NCH*K-1:0] ch);
                integer c;
                begin
                    all_chunks = {K{1'b1}};
                    for (c = 0; c < NCH; c = c + 1)
                        all_chunks = all_chunks & ch[c*K +: K];
                end
            endfunction
            wire [K-1:0] eq_ahead = moved(all_chunks(ch_q), x_front_q, mv_valid_q, mv_q);
            reg  [K-1:0] eq_q;       // the S2B tuple against the list as it is
            reg          eq_pre_q;   // the S2B tuple equals the S3 message
            wire [K-1:0] eq_d = moved(eq_ahead, x_next_q, in_valid_i, moves);

            // ---- one clock ahead: the S2 tuple's hit vector and count after this clock
            wire [K-1:0] hit_d = moved(eq_q, eq_pre_q, in_valid_i, moves);
            // This message's new count (the end of the adder) joins last, through
            // one multiplexer.  Any other entry the S2 tuple matches keeps its count
            // through this clock's shift, so its count is taken where it is now,
            // from registers alone: the entry that moves to the front matches only
            // if the S2 tuple is this message's (the front case), and the last
            // entry drops out when a miss evicts it.
            wire keep_last = !in_valid_i || any_hit || !full;
            reg  [CW-1:0] others;
            reg           others_ones;   // its high bits all ones, from the entries' flags
            reg  [K-1:0]  ones_q;        // entry i's count has its high bits all ones
            // Most S2 tuples match no entry: the test of the registered
            // comparisons lets a simulator skip the k-way selection then (in
            // hardware it changes nothing: with no match every term is zero).
            always @* begin : select_others
                integer j;
                others = {CW{1'b0}};
                others_ones = 1'b0;
                j = 0;              // assigned on every path: no latch for the index
                if (eq_q != {K{1'b0}})
                    for (j = 0; j < K; j = j + 1)
                        if (j < K - 1 || keep_last) begin
                            others      = others | (count_q[j] & {CW{eq_q[j]}});
                            others_ones = others_ones | (ones_q[j] && eq_q[j]);
                        end
            end
            wire [CW-1:0] hit_count_d = (in_valid_i && eq_pre_q) ? front_count : others;
            // the same of the count selected: position 0's new count is the
            // hit count's high part (no carry), that + 1 (a carry, not all
            // ones before) or the message's count alone (a miss, an overflow)
            wire front_ones  = any_hit && (low_sum[IN_BITS] ? (!hit_high_ones && hc_ones_m1) : hit_high_ones);
            wire hit_high_ones_d = (in_valid_i && eq_pre_q) ? front_ones : others_ones;

            // ---- next state, in a clock that changes the list only: a message
            // moves positions 1..(hit or k-1) down and takes position 0; a flush
            // move moves every position down and empties position 0.  A
            // position only ever takes its predecessor's entry, so its
            // flip-flops need an enable and no multiplexer; written as one
            // guarded block, a simulator works none of it out in the other
            // clocks.
            wire [K-1:0] takes = in_valid_i ? moves : {K{1'b1}};
            integer p;
            always @(posedge clk_i) begin
                if (in_valid_i || flush_move) begin
                    for (p = K - 1; p > 0; p = p - 1)
                        if (takes[p]) begin
                            tuple_q[p] <= tuple_q[p-1];
                            count_q[p] <= count_q[p-1];
                            ones_q[p]  <= ones_q[p-1];
                        end
                    valid_q <= moved(valid_q, in_valid_i, 1'b1, takes);
                end
                if (in_valid_i) begin
                    tuple_q[0] <= in_tuple_i;
                    count_q[0] <= front_count;
                    ones_q[0]  <= front_ones;
                    if (!any_hit && !full) used_q <= used_q + 7'd1;
                end else if (flush_emit) begin
                    used_q <= used_q - 7'd1;
                end
                if (rst_i) begin
                    valid_q <= {K{1'b0}};
                    used_q  <= 7'd0;
                end
            end

            always @(posedge clk_i) begin
                hit_q       <= hit_d;
                hit_count_q <= hit_count_d;
                hit_high_ones <= hit_high_ones_d;
                eq_q        <= eq_d;
                eq_pre_q    <= pre_tuple_i == ahead_tuple_i;
                ch_q        <= chunks_holding(early_tuple_i);
                x_front_q   <= in_tuple_i == early_tuple_i;
                x_next_q    <= pre_tuple_i == early_tuple_i;
                mv_valid_q  <= in_valid_i;
                mv_q        <= moves;
            end

`ifdef SP_ASSERT
            // the list against a tuple: which valid entries hold it
            function [K-1:0] holding(input [TW-1:0] t);
                integer m;
                begin
                    for (m = 0; m < K; m = m + 1)
                        holding[m] = valid_q[m] && tuple_q[m] == t;
                end
            endfunction
            reg [6:0] f_valid_n;   // the valid entries
            // the valid entries side by side, of distinct tuples, and a prefix
            // unless a flush is moving them to the end
            reg       f_shape;
            reg       f_counts;    // the registered count is the hit entry's
            integer   a, b;
            always @* begin
                f_valid_n = 7'd0;
                f_shape   = 1'b1;
                f_counts  = 1'b1;
                for (a = 0; a < K; a = a + 1) begin
                    f_valid_n = f_valid_n + {6'd0, valid_q[a]};
                    if (a > 0 && valid_q[a] && !valid_q[a-1] && (!flushing_q || f_valid_n != 7'd1))
                        f_shape = 1'b0;
                    for (b = a + 1; b < K; b = b + 1)
                        if (valid_q[a] && valid_q[b] && tuple_q[a] == tuple_q[b]) f_shape = 1'b0;
                    if (hit_q[a] && hit_count_q != count_q[a]) f_counts = 1'b0;
                end
            end
            reg [CW+6:0] f_held;
            integer      h;
            always @* begin
                f_held = {(CW + 7){1'b0}};
                for (h = 0; h < K; h = h + 1)
                    if (valid_q[h]) f_held = f_held + {7'd0, count_q[h]};
            end
            assign a_held_o = f_held;
            always @(posedge clk_i) begin
                if (!rst_i) begin
                    // the high-bits flags are the counts' (the hit count's
                    // where the registered count is the hit entry's, below:
                    // out of reset or a flush the look-ahead may select an
                    // empty entry, whose flag is anything)
                    if (calm_q == 3'b111 && hit_q != {K{1'b0}}) assert (hit_high_ones == hc_ones);
                    for (a = 0; a < K; a = a + 1)
                        if (valid_q[a]) assert (ones_q[a] == &count_q[a][CW-1:IN_BITS]);
                    // a flush runs only with the pipeline empty
                    assert (!(in_valid_i && (flushing_q || flush_start_i)));
                    assert (!(flush_start_i && flushing_q));
                    // the comparisons made ahead assume no flush move in between
                    assert (!(in_valid_i && flush_moved_q != 3'b000));
                    assert ((hit & (hit - ONE_K)) == {K{1'b0}});
                    assert ({25'd0, used_q} <= K);
                    // Why the lookup a clock ahead is right (these make the whole
                    // block's formal proof inductive): the list is a prefix of
                    // distinct tuples counted by used_q (while flushing, side by side
                    // and not empty);
                    // the tuples advance S1R -> S2A -> S2B -> S3 one stage per
                    // clock, so the comparisons between them follow them; the
                    // S2A comparison is exact after one calm clock, the S2B one
                    // after two, the S3 hit vector and its count after three,
                    // and a message reaches S3 only after three.
                    assert (f_shape && used_q == f_valid_n && (!flushing_q || used_q != 7'd0));
                    assert (eq_pre_q == (pre_tuple_i == in_tuple_i));
                    assert (x_next_q == (in_tuple_i == ahead_tuple_i));
                    assert (!in_valid_i || calm_q == 3'b111);
                    if (calm_q[0]) assert (eq_ahead == holding(ahead_tuple_i));
                    if (calm_q[1:0] == 2'b11) assert (eq_q == holding(pre_tuple_i));
                    if (calm_q == 3'b111) assert (hit_q == holding(in_tuple_i) && f_counts);
                end
            end
`endif
        end
    endgenerate

endmodule

`resetall
