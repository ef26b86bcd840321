/*
 * sp_assoc.v - stage 2 of docs/spec.md: the associative counter table A_k
 * (section 6), and its flush.
 *
 * Pipeline stage S3.  ASSOC_K entries in registers, kept as a
 * move-to-front list: valid entries at positions 0..used-1, position 0 the
 * most recently used.  One stage-1 message per clock; in the same cycle the
 * list shifts and at most one message leaves for the output queue:
 *   hit       the entry moves to the front with count + c, or, if that
 *             exceeds 2^28 - 1, its old count leaves and it restarts at c;
 *   miss      the message goes to the front; if the list was full, the
 *             entry at position k-1 leaves.
 * The tuple comparisons are made one clock ahead, while the message is
 * still in S2 (pre_tuple_i): against the entries as they are, then moved
 * the way this cycle's shift moves them, plus one comparison with the
 * message now in S3, which becomes position 0.  So S3 starts from a
 * registered hit vector and only adds counts.
 *
 * Flush (block stopped, pipeline empty): position 0 leaves once per clock
 * while room_i says the output queue has a free slot, the list moving up
 * behind it.  flush_done_o pulses with the last one, or at once for an
 * empty list.
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
    // the tuple of the message that may arrive next clock (S2)
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

    reg [K*TW-1:0] tuple_q;
    reg [K*28-1:0] count_q;
    reg [K-1:0]    valid_q;
    reg [6:0]      used_q;
    reg            flushing_q;

    wire [27:0] in_count = {{(28 - IN_BITS){1'b0}}, in_count_i};

    // ---- lookup, prepared in the previous clock
    reg  [K-1:0] hit_q;
    wire [K-1:0] hit = in_valid_i ? hit_q : {K{1'b0}};
    wire any_hit = |hit;
    wire full    = valid_q[K-1];

    // the hit entry's count (at most one entry holds a given tuple)
    reg [27:0] hit_count;
    reg        hit_high_ones;
    integer j;
    always @* begin
        hit_count     = 28'd0;
        hit_high_ones = 1'b0;
        for (j = 0; j < K; j = j + 1)
            if (hit_q[j]) begin
                hit_count     = hit_count | count_q[j*28 +: 28];
                hit_high_ones = hit_high_ones || &count_q[j*28 + IN_BITS +: 28 - IN_BITS];
            end
    end
    // count + c > 2^28 - 1 needs the bits above c's width all ones and a carry
    // out of the low part: a short adder decides the overflow, and the high
    // part of the sum only increments.
    wire [IN_BITS:0]      low_sum  = {1'b0, hit_count[IN_BITS-1:0]} + {1'b0, in_count_i};
    wire                  overflow = hit_high_ones && low_sum[IN_BITS];
    wire [27-IN_BITS:0]   high_sum = hit_count[27:IN_BITS] +
                                     {{(27 - IN_BITS){1'b0}}, low_sum[IN_BITS]};
    wire [27:0]           sum      = {high_sum, low_sum[IN_BITS-1:0]};

    // position i >= 1 takes position i-1's entry when the message misses or
    // hits at i or further back (prefix-or from the back of the list)
    reg [K-1:0] moves;
    always @* begin
        moves = {K{1'b0}};
        for (j = K - 1; j >= 1; j = j - 1)
            moves[j] = !any_hit || hit[j] || (j < K - 1 && moves[(j < K - 1) ? j + 1 : j]);
    end

    // ---- what leaves
    wire in_emit    = in_valid_i && (any_hit ? overflow : full);
    wire flush_emit = flushing_q && room_i;
    wire last_one   = (K > 1) ? !valid_q[(K > 1) ? 1 : 0] : 1'b1;

    assign out_valid_o  = in_emit || flush_emit;
    assign out_flush_o  = flush_emit;
    assign out_tuple_o  = flush_emit ? tuple_q[TW-1:0] :
                          any_hit ? in_tuple_i : tuple_q[(K-1)*TW +: TW];
    assign out_count_o  = flush_emit ? count_q[27:0] :
                          any_hit ? hit_count : count_q[(K-1)*28 +: 28];
    assign flush_done_o = (flush_start_i && !valid_q[0]) || (flush_emit && last_one);
    assign flushing_o   = flushing_q;
    assign used_o       = used_q;

    // ---- next state
    reg [K*TW-1:0] tuple_d;
    reg [K*28-1:0] count_d;
    reg [K-1:0]    valid_d;
    reg [6:0]      used_d;
    always @* begin
        tuple_d = tuple_q;
        count_d = count_q;
        valid_d = valid_q;
        used_d  = used_q;
        if (in_valid_i) begin
            // move to front
            for (j = K - 1; j >= 1; j = j - 1)
                if (moves[j]) begin
                    tuple_d[j*TW +: TW] = tuple_q[(j-1)*TW +: TW];
                    count_d[j*28 +: 28] = count_q[(j-1)*28 +: 28];
                    valid_d[j]          = valid_q[j-1];
                end
            tuple_d[TW-1:0] = in_tuple_i;
            count_d[27:0]   = (any_hit && !overflow) ? sum[27:0] : in_count;
            valid_d[0]      = 1'b1;
            if (!any_hit && !full) used_d = used_q + 7'd1;
        end else if (flush_emit) begin
            // position 0 leaves, the rest move up
            for (j = 0; j < K - 1; j = j + 1) begin
                tuple_d[j*TW +: TW] = tuple_q[(j+1)*TW +: TW];
                count_d[j*28 +: 28] = count_q[(j+1)*28 +: 28];
                valid_d[j]          = valid_q[j+1];
            end
            valid_d[K-1] = 1'b0;
            used_d       = used_q - 7'd1;
        end
    end

    // ---- the hit vector of the S2 tuple against the list as it will be
    wire [K-1:0] eq_now;
    genvar i;
    generate
        for (i = 0; i < K; i = i + 1) begin : g_eq
            assign eq_now[i] = valid_q[i] && tuple_q[i*TW +: TW] == pre_tuple_i;
        end
    endgenerate
    wire eq_front = in_tuple_i == pre_tuple_i;
    reg [K-1:0] hit_d;
    always @* begin
        hit_d = eq_now;
        if (in_valid_i) begin
            for (j = K - 1; j >= 1; j = j - 1)
                if (moves[j]) hit_d[j] = eq_now[j-1];
            hit_d[0] = eq_front;
        end
    end

    reg flushing_d;
    always @* begin
        flushing_d = flushing_q;
        if (flush_start_i && valid_q[0]) flushing_d = 1'b1;
        if (flush_emit && last_one) flushing_d = 1'b0;
    end

    always @(posedge clk_i) begin
        tuple_q    <= tuple_d;
        count_q    <= count_d;
        valid_q    <= valid_d;
        used_q     <= used_d;
        flushing_q <= flushing_d;
        hit_q      <= hit_d;
        if (rst_i) begin
            valid_q    <= {K{1'b0}};
            used_q     <= 7'd0;
            flushing_q <= 1'b0;
        end
    end

`ifdef SP_ASSERT
    localparam [K-1:0] ONE_K = 1;
    always @(posedge clk_i) begin
        if (!rst_i) begin
            // a flush runs only with the pipeline empty; a list holds no tuple twice
            assert (!(in_valid_i && (flushing_q || flush_start_i)));
            assert (!(flush_start_i && flushing_q));
            assert ((hit & (hit - ONE_K)) == {K{1'b0}});
            assert ({25'd0, used_q} <= K);
        end
    end
`endif

endmodule

`resetall
