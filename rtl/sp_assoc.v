/*
 * sp_assoc.v - stage 2 of docs/spec.md: the associative counter table A_k
 * (section 6), and its flush.
 *
 * Pipeline stage S3.  The spec's move-to-front list is kept without moving
 * entries: ASSOC_K slots hold a tuple and a 28-bit count each, written only
 * when a message lands in them (flip-flops with an enable, data from one
 * shared bus), and each valid slot carries its position in the list as a
 * rank, 0 the most recently used.  One stage-1 message per clock; in the
 * same cycle at most one message leaves for the output queue:
 *   hit       the slot takes count + c, or, if that exceeds 2^28 - 1, its
 *             old count leaves and it restarts at c; its rank becomes 0 and
 *             every slot ranked before it moves back one;
 *   miss      the message takes the first free slot, or, if all are in
 *             use, the slot ranked k-1, whose entry leaves; it is ranked 0
 *             and every other slot moves back one.
 * The slot a miss would take (or, during a flush, the next to leave) is
 * kept one-hot in a register, so the victim is read out through one
 * AND-OR multiplexer straight from registers.  The tuple comparisons are
 * made two clocks ahead, while the message is in S1R (ahead_tuple_i),
 * against every slot and against the message now in S3, which may write
 * one slot; one clock ahead the same happens with the S2 comparison
 * (pre_tuple_i), and the hit slot's count is selected.  So S3 starts from
 * a registered hit vector and count and only adds.  A flush never runs
 * within two clocks of a message.
 *
 * Flush (block stopped, pipeline empty): the slot ranked 0 leaves once per
 * clock while room_i says the output queue has a free slot, and every
 * other rank drops by one, so the entries leave in list order.
 * flush_done_o pulses with the last one, or at once for an empty table.
 * Between flushes the valid slots are always 0..used-1 (a flush runs to
 * the end before a message comes), so the first free slot follows the
 * last one taken.
 *
 * ASSOC_K = 1 keeps one slot and none of this: the message is compared
 * with it in S3, and the entry's own register feeds the adder.
 */
`resetall
`default_nettype none

module sp_assoc #(
    // word width in bits, 32 or 64
    parameter WORD_BITS = 32,
    // entries of A_k, 1..64
    parameter ASSOC_K = 16,
    // width of the incoming stage-1 message counts, at most 28
    parameter IN_BITS = 17
) (
    input  wire          clk_i,
    input  wire          rst_i,
    // the tuples of the messages that may arrive in two clocks (S1R) and
    // next clock (S2)
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
    output wire [27:0]   out_count_o,
    output wire          out_flush_o,
    // flush state, and the entries held
    output wire          flushing_o,
    output wire          flush_done_o,
    output wire [6:0]    used_o
);

    localparam TW = 3 + 2 * WORD_BITS;
    localparam K  = ASSOC_K;
    // bits of a rank (0..K-1)
    localparam RB = (K > 1) ? $clog2(K) : 1;

    initial begin
        if (ASSOC_K < 1 || ASSOC_K > 64) begin
            $error("sp_assoc: ASSOC_K must be 1..64");
            $finish;
        end
        if (IN_BITS < 1 || IN_BITS > 27) begin
            $error("sp_assoc: IN_BITS must be 1..27");
            $finish;
        end
    end

    // the entries: slot i's tuple and count
    reg  [TW-1:0] tuple_q [0:K-1];
    reg  [27:0]   count_q [0:K-1];
    reg  [K-1:0]  valid_q;
    reg           flushing_q;

    wire [27:0] in_count   = {{(28 - IN_BITS){1'b0}}, in_count_i};
    wire        flush_emit = flushing_q && room_i;
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
    reg [1:0] flush_moved_q;   // a flush move one and two clocks ago
    // the table has changed only by messages for one and for two clocks (no
    // reset, no flush move): the comparisons made ahead are then exact
    reg [1:0] calm_q;
    always @(posedge clk_i) begin
        flush_moved_q <= {flush_moved_q[0], flush_emit};
        calm_q        <= {calm_q[0], !flush_emit};
        if (rst_i) begin
            flush_moved_q <= 2'b00;
            calm_q        <= 2'b00;
        end
    end
`endif

    generate
        if (K == 1) begin : g_one
            // ---- one slot: compared in S3, its count added directly.  The
            // sum overflows only with the bits above c's width all ones and
            // a carry out of the low part, so the carry chain is c's width
            // and the high part is the old one or its increment.
            wire                hit      = valid_q[0] && tuple_q[0] == in_tuple_i;
            wire [IN_BITS:0]    low_sum  = {1'b0, count_q[0][IN_BITS-1:0]} + {1'b0, in_count_i};
            wire                ovf      = &count_q[0][27:IN_BITS] && low_sum[IN_BITS];
            wire [27-IN_BITS:0] high_inc = count_q[0][27:IN_BITS] + {{(27 - IN_BITS){1'b0}}, 1'b1};
            wire [27:0]         sum      = {low_sum[IN_BITS] ? high_inc : count_q[0][27:IN_BITS],
                                            low_sum[IN_BITS-1:0]};

            assign empty    = !valid_q[0];
            assign last_one = 1'b1;
            assign used_o   = {6'd0, valid_q[0]};
            // an overflow and a victim both hand out the entry as it is
            assign out_valid_o = (in_valid_i && (hit ? ovf : valid_q[0])) || flush_emit;
            assign out_tuple_o = tuple_q[0];
            assign out_count_o = count_q[0];

            always @(posedge clk_i) begin
                if (in_valid_i) begin
                    tuple_q[0] <= in_tuple_i;
                    count_q[0] <= (hit && !ovf) ? sum : in_count;
                end
                if (in_valid_i)      valid_q[0] <= 1'b1;
                else if (flush_emit) valid_q[0] <= 1'b0;
                if (rst_i) valid_q[0] <= 1'b0;
            end

            // the lookahead inputs serve the larger tables only
            wire [2*TW-1:0] unused_ahead = {ahead_tuple_i, pre_tuple_i};

`ifdef SP_ASSERT
            always @(posedge clk_i) begin
                if (!rst_i) begin
                    assert (!(in_valid_i && (flushing_q || flush_start_i)));
                    assert (!(flush_start_i && flushing_q));
                    assert (!(in_valid_i && flush_moved_q != 2'b00));
                    assert (!in_valid_i || calm_q == 2'b11);
                    assert (!flushing_q || valid_q[0]);
                end
            end
`endif
        end else begin : g_list
            localparam [31:0]   K32    = K;
            localparam [31:0]   K32M2  = K - 2;
            localparam [6:0]    K7     = K32[6:0];
            localparam [6:0]    ONE7   = 1;
            localparam [K-1:0]  ONE_K  = 1;
            localparam [RB-1:0] ONE_R  = 1;
            localparam [RB-1:0] PREV_R = K32M2[RB-1:0];

            // the ranks, slot i's at [i*RB +: RB]
            reg  [K*RB-1:0] rank_q;
            reg  [6:0]      used_q;
            // the slot a miss takes: the first free one, or when all are in
            // use the one ranked K-1; while flushing, the one ranked 0 (one-hot
            // for the read-out, binary for the write)
            reg  [K-1:0]    vic_q;
            reg  [RB-1:0]   vic_idx_q;
            // lookup two clocks ahead: the S2 tuple against the slots and
            // against the S3 message; one clock ahead: whether the S3 message
            // hits, where, and that slot's count
            reg  [K-1:0]    eq_q;
            reg             eq_pre_q;
            reg             hit_any_q;
            reg  [RB-1:0]   hit_idx_q;
            reg  [27:0]     hit_count_q;
            integer         i;

            // bit b of a slot number, over all slots: encodes a one-hot vector
            function [K-1:0] slot_bit(input integer b);
                integer m;
                begin
                    for (m = 0; m < K; m = m + 1)
                        slot_bit[m] = ((m >> b) & 1) == 1;
                end
            endfunction

            wire          any_hit = in_valid_i && hit_any_q;
            wire          full    = &valid_q;
            // the slot this clock's message writes
            wire [RB-1:0] widx    = hit_any_q ? hit_idx_q : vic_idx_q;
            wire [K-1:0]  wsel    = in_valid_i ? ONE_K << widx : {K{1'b0}};

            // (empty is only asked when not flushing: valid slots 0..used-1)
            assign empty    = !valid_q[0];
            assign last_one = used_q == ONE7;
            assign used_o   = used_q;

            // count + c > 2^28 - 1 needs the bits above c's width all ones
            // and a carry out of the low part: a short adder decides the
            // overflow, and the high part of the sum is the high count or
            // its increment (formed in parallel with the low adder), chosen
            // by its carry.
            wire                hit_high_ones = &hit_count_q[27:IN_BITS];
            wire [IN_BITS:0]    low_sum  = {1'b0, hit_count_q[IN_BITS-1:0]} + {1'b0, in_count_i};
            wire                overflow = hit_high_ones && low_sum[IN_BITS];
            wire [27-IN_BITS:0] high_inc = hit_count_q[27:IN_BITS] + {{(27 - IN_BITS){1'b0}}, 1'b1};
            // the written slot's new count, the low adder's carry last
            wire [27:0] new_nc = any_hit ? {hit_count_q[27:IN_BITS], low_sum[IN_BITS-1:0]} : in_count;
            wire [27:0] new_c  = (any_hit && !hit_high_ones) ? {high_inc, low_sum[IN_BITS-1:0]}
                                                              : in_count;
            wire [27:0] new_count = low_sum[IN_BITS] ? new_c : new_nc;

            // ---- the victim (or the flush's entry), from the one-hot vic_q;
            // only a message or a flush reads it (the guard costs no logic
            // level: it meets the hit multiplexer below in one LUT)
            reg  [TW-1:0] vic_tuple;
            reg  [27:0]   vic_count;
            always @* begin
                vic_tuple = {TW{1'b0}};
                vic_count = 28'd0;
                if (in_valid_i || flushing_q)
                    for (i = 0; i < K; i = i + 1) begin
                        vic_tuple = vic_tuple | (tuple_q[i] & {TW{vic_q[i]}});
                        vic_count = vic_count | (count_q[i] & {28{vic_q[i]}});
                    end
            end

            wire in_emit = in_valid_i && (hit_any_q ? overflow : full);
            assign out_valid_o = in_emit || flush_emit;
            assign out_tuple_o = any_hit ? in_tuple_i : vic_tuple;
            assign out_count_o = any_hit ? hit_count_q : vic_count;

            // ---- the table's next state, worked out only in a clock that
            // changes it.  A message: its slot is ranked 0, and the valid
            // slots ranked before it (all of them, for a miss) move back one.
            // A flush step: the slot ranked 0 leaves and every rank drops by
            // one.  The next victim: after a miss, or a hit on the victim,
            // the slot ranked K-2 when the table is (or becomes) full, else
            // the next free slot; a flush starts at rank 0, moves to rank 1
            // and leaves slot 0 free.
            reg  [K*RB-1:0] rank_d;
            reg  [K-1:0]    valid_d, vic_d, rank0, rank1, rank_prev;
            reg  [RB-1:0]   hit_rank, vic_idx_d;
            reg  [6:0]      used_d;
            always @* begin
                rank_d    = rank_q;
                valid_d   = valid_q;
                used_d    = used_q;
                vic_d     = vic_q;
                vic_idx_d = vic_idx_q;
                if (in_valid_i || flush_emit || flush_start_i) begin
                    hit_rank = rank_q[hit_idx_q*RB +: RB];
                    for (i = 0; i < K; i = i + 1) begin
                        rank0[i]     = valid_q[i] && rank_q[i*RB +: RB] == {RB{1'b0}};
                        rank1[i]     = valid_q[i] && rank_q[i*RB +: RB] == ONE_R;
                        rank_prev[i] = valid_q[i] && rank_q[i*RB +: RB] == PREV_R;
                    end
                    if (in_valid_i) begin
                        for (i = 0; i < K; i = i + 1)
                            if (wsel[i])
                                rank_d[i*RB +: RB] = {RB{1'b0}};
                            else if (valid_q[i] && (!hit_any_q || rank_q[i*RB +: RB] < hit_rank))
                                rank_d[i*RB +: RB] = rank_q[i*RB +: RB] + ONE_R;
                        valid_d = valid_q | wsel;
                        if (!hit_any_q && !full) used_d = used_q + ONE7;
                        if (hit_any_q ? hit_idx_q == vic_idx_q : used_q >= K7 - ONE7)
                            vic_d = rank_prev;
                        else if (!hit_any_q)
                            vic_d = vic_q << 1;
                    end else if (flush_emit) begin
                        for (i = 0; i < K; i = i + 1)
                            if (valid_q[i] && !vic_q[i])
                                rank_d[i*RB +: RB] = rank_q[i*RB +: RB] - ONE_R;
                        valid_d = valid_q & ~vic_q;
                        used_d  = used_q - ONE7;
                        vic_d   = last_one ? ONE_K : rank1;
                    end else if (!empty)
                        vic_d = rank0;
                    vic_idx_d = {RB{1'b0}};
                    for (i = 0; i < RB; i = i + 1)
                        vic_idx_d[i] = |(vic_d & slot_bit(i));
                end else begin
                    hit_rank  = {RB{1'b0}};
                    rank0     = {K{1'b0}};
                    rank1     = {K{1'b0}};
                    rank_prev = {K{1'b0}};
                end
            end

            // ---- the slots: written only by a message
            always @(posedge clk_i) begin
                if (in_valid_i) begin
                    tuple_q[widx] <= in_tuple_i;
                    count_q[widx] <= new_count;
                end
                rank_q    <= rank_d;
                valid_q   <= valid_d;
                used_q    <= used_d;
                vic_q     <= vic_d;
                vic_idx_q <= vic_idx_d;
                if (rst_i) begin
                    valid_q   <= {K{1'b0}};
                    used_q    <= 7'd0;
                    vic_q     <= ONE_K;
                    vic_idx_q <= {RB{1'b0}};
                end
            end

            // ---- two clocks ahead: the S1R tuple against the slots as they
            // will be after this clock (the written slot holds the S3
            // message's tuple), and against the S2 tuple; one clock ahead the
            // S2 tuple's hit after this clock, the same way
            reg  [K-1:0]  eq_slots, hit_d;
            reg  [RB-1:0] hit_idx_d;
            reg  [27:0]   eq_count;
            wire          eq_in = in_tuple_i == ahead_tuple_i;
            always @* begin
                for (i = 0; i < K; i = i + 1)
                    eq_slots[i] = tuple_q[i] == ahead_tuple_i;
                hit_d = (wsel & {K{eq_pre_q}}) | (~wsel & eq_q);
                for (i = 0; i < RB; i = i + 1)
                    hit_idx_d[i] = |(hit_d & slot_bit(i));
                // the S2 tuple's count as the slots hold it (the written
                // slot's is taken from the adder below)
                eq_count = 28'd0;
                if (eq_q != {K{1'b0}})
                    for (i = 0; i < K; i = i + 1)
                        eq_count = eq_count | (count_q[i] & {28{eq_q[i]}});
            end

            always @(posedge clk_i) begin
                eq_q      <= (wsel & {K{eq_in}}) | (~wsel & valid_q & eq_slots);
                eq_pre_q  <= pre_tuple_i == ahead_tuple_i;
                hit_any_q <= |hit_d;
                hit_idx_q <= hit_idx_d;
                // this message's new count if the S2 tuple is the same; else
                // its slot keeps its count (if this message overwrites that
                // slot with another tuple, the S2 tuple misses and the count
                // is not used)
                hit_count_q <= (in_valid_i && eq_pre_q) ? new_count : eq_count;
            end

`ifdef SP_ASSERT
            localparam [31:0]   K32M1  = K - 1;
            localparam [RB-1:0] LAST_R = K32M1[RB-1:0];
            reg [6:0]   f_valid_n;   // the valid slots
            reg         f_distinct;  // valid slots hold distinct tuples
            reg         f_ranks;     // their ranks are 0..used-1, each once
            reg         f_shape;     // not flushing: valid slots are 0..used-1
            reg         f_counts;    // the registered count is the hit slot's
            reg [K-1:0] f_rank0, f_last;         // the slots ranked 0, K-1
            reg [K-1:0] f_hold_pre, f_hold_in;   // the slots holding the S2, S3 tuple
            reg [K-1:0] f_vic;       // what vic_q must be
            reg [RB-1:0] f_vic_idx;
            integer     a, b;
            always @* begin
                f_valid_n  = 7'd0;
                f_distinct = 1'b1;
                f_ranks    = 1'b1;
                f_shape    = 1'b1;
                f_vic_idx  = {RB{1'b0}};
                for (a = 0; a < K; a = a + 1) begin
                    f_valid_n     = f_valid_n + {6'd0, valid_q[a]};
                    f_rank0[a]    = valid_q[a] && rank_q[a*RB +: RB] == {RB{1'b0}};
                    f_last[a]     = valid_q[a] && rank_q[a*RB +: RB] == LAST_R;
                    f_hold_pre[a] = valid_q[a] && tuple_q[a] == pre_tuple_i;
                    f_hold_in[a]  = valid_q[a] && tuple_q[a] == in_tuple_i;
                    if (valid_q[a] && {{(7 - RB){1'b0}}, rank_q[a*RB +: RB]} >= used_q) f_ranks = 1'b0;
                    for (b = a + 1; b < K; b = b + 1)
                        if (valid_q[a] && valid_q[b]) begin
                            if (tuple_q[a] == tuple_q[b]) f_distinct = 1'b0;
                            if (rank_q[a*RB +: RB] == rank_q[b*RB +: RB]) f_ranks = 1'b0;
                        end
                    if (!flushing_q && valid_q[a] != (a < used_q)) f_shape = 1'b0;
                    if (vic_q[a]) f_vic_idx = f_vic_idx | a[RB-1:0];
                end
                f_vic    = flushing_q ? f_rank0 : used_q == K7 ? f_last : ONE_K << used_q;
                f_counts = hit_count_q == count_q[hit_idx_q];
            end
            always @(posedge clk_i) begin
                if (!rst_i) begin
                    // a flush runs only with the pipeline empty
                    assert (!(in_valid_i && (flushing_q || flush_start_i)));
                    assert (!(flush_start_i && flushing_q));
                    // the comparisons made ahead assume no flush move in between
                    assert (!(in_valid_i && flush_moved_q != 2'b00));
                    assert (used_q <= K7);
                    // Why the lookup ahead is right (these make the whole
                    // block's formal proof inductive): the valid slots hold
                    // distinct tuples, ranked 0..used-1, counted by used_q,
                    // not empty while flushing; between flushes they are
                    // 0..used-1 and vic_q the first free slot or the one
                    // ranked last, while flushing the one ranked first; the
                    // tuples advance S1R -> S2 -> S3 one stage per clock, so
                    // the S2-S3 comparison follows them; the S2 comparison
                    // is exact after one calm clock, the S3 hit, its slot
                    // and its count after two, and a message reaches S3 only
                    // after two.
                    assert (f_distinct && f_ranks && f_shape && used_q == f_valid_n);
                    assert (!flushing_q || valid_q != {K{1'b0}});
                    assert (vic_q == f_vic && vic_idx_q == f_vic_idx);
                    assert (eq_pre_q == (pre_tuple_i == in_tuple_i));
                    assert (!in_valid_i || calm_q == 2'b11);
                    if (calm_q[0]) assert (eq_q == f_hold_pre);
                    if (calm_q == 2'b11)
                        assert (hit_any_q == (f_hold_in != {K{1'b0}}) &&
                                (!hit_any_q || (f_hold_in == ONE_K << hit_idx_q && f_counts)));
                end
            end
`endif
        end
    endgenerate


endmodule

`resetall
