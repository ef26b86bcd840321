// SPDX-License-Identifier: Apache-2.0
/*
 * sp_table.v - the counter table and its read-modify-write pipeline with
 * forwarding (docs/spec.md 5.2; docs/rtl.md, Counter table and forwarding).
 *
 * Stages of the block: S1H (the row read is issued), S1R (the RAM reads
 * it), S2A (the row arrives from the RAM's output register), S2B (the
 * event is decided, outside this module; the entry it writes comes back
 * here, into the write register W, which writes the RAM in the next
 * clock).  A decision never waits: the table forwards instead.  The read
 * issued in S1H misses four writes: the one landing at the edge that ends
 * S1H (a collision, which the RAM answers with x) and the decisions made
 * while the event is in S1H, S1R and S2A.  W keeps two older copies, W2
 * and W3.  In S2A the three older writes, W3, W2 and W, are merged over
 * the row, each where a flag registered in S1R says it hits the row, and
 * the merged row is registered for S2B: the decision sees that row and
 * the one write it misses still, the decision of the clock before, now in
 * W (b_w_row_hit_o says whether it hits the row; b_w_here_o, which of
 * the row's columns it writes, registered as one with the row hit because
 * the tagged decision's forwarding fans out from it).  So no decision path
 * starts at a RAM, and the one write the decision must merge itself comes
 * from a register, and where it lands from a register too.
 *
 * A decision may finish a write in W: bits w_set_i, set in the clock W
 * holds it (CR's "window sampled", decided a clock after the rest of its
 * entry, sp_samplers), reach the RAM and W2 with it.  The merge in S2A and
 * w_data_o give W's word as the decision wrote it, without them, so that
 * no S2A or S2B path waits for that late decision; whoever sets bits adds
 * them there itself (a_from_w_o says which column came from W).
 *
 * The table is 2^COL_AW column RAMs, each 2^ROW_AW rows deep: entry e
 * lives in column e mod 2^COL_AW, row e / 2^COL_AW, so the ways of a TAG
 * set are one row whatever the run-time way count.  Each write touches one
 * column.  The RAMs have no reset: the sweep after reset or a clear zeroes
 * them one row per clock (clear_i), with no event in flight.
 *
 * Under `FORMAL (verif/formal/ only) the f_*_o ports show the write
 * registers, the forwarding flags and the table's words: the table proof
 * (sp_formal_table.v) states its property on them.  Under `SP_ASSERT
 * a_held_o is the sum over the table's entries of count + miss + rest as
 * it will be once W lands (sp_stage1 checks it against COUNT_RES_TABLE).
 */
`resetall
`default_nettype none

module sp_table #(
    // log2 of the rows of a column (0: one row)
    parameter ROW_AW = 10,
    // log2 of the columns (0: one column)
    parameter COL_AW = 0,
    // bits of an entry
    parameter EW = 8,
    // an entry's count, miss and rest fields (for the held sum under
    // SP_ASSERT): widths, 0 for a field the build has not, and offsets
    parameter COUNT_BITS = 8,
    parameter MISS_W = 0,
    parameter MISS_LSB = 0,
    parameter REST_W = 0,
    parameter REST_LSB = 0,
    // 1: ECP5 DP16KD cells for the columns (ECP5 synthesis only)
    parameter OPT_DP16KD = 0
) (
    input  wire                 clk_i,
    input  wire                 rst_i,
    // S1H: the event whose row is read now, and its column (its entry's;
    // TAG's first way)
    input  wire                 h_valid_i,
    input  wire [ROW_W-1:0]     h_row_i,
    input  wire [COL_W-1:0]     h_col_i,
    // where the events are: S1R, S2A (S2B's is b_valid_o)
    output wire                 r_valid_o,
    output wire                 a_valid_o,
    // S2A: the row as every write but the decision being made now left it
    // (from the RAM's output register through the merge), and its entry
    output wire [NCOL*EW-1:0]   a_row_o,
    output wire [EW-1:0]        a_entry_o,
    output wire [COL_W-1:0]     a_col_o,
    // S2A: the row as the RAM gives it, and where each column's word in
    // a_row_o comes from instead: W, W2 or W3 (bit k of each; none of them:
    // the RAM's), and that write's word (a_wr_row_o, each column's; 0 where
    // the RAM's is taken), so a test can be made on the RAM's word and on
    // the writes' apart and selected after it
    output wire [NCOL*EW-1:0]   a_ram_row_o,
    output wire [NCOL*EW-1:0]   a_wr_row_o,
    output wire [NCOL-1:0]      a_from_w_o,
    output wire [NCOL-1:0]      a_from_w2_o,
    output wire [NCOL-1:0]      a_from_w3_o,
    // S2B: the event being decided, its row (S2A's, registered) and entry,
    // whether the write now in W (the decision of the clock before) hits
    // its row, and its entry; W's column and entry
    output wire                 b_valid_o,
    output wire [COL_W-1:0]     b_col_o,
    output wire [NCOL-1:0]      b_sel_o,    // b_col_o as a one-hot vector
    output wire [NCOL*EW-1:0]   b_row_o,
    output wire [EW-1:0]        b_entry_o,
    output wire                 b_w_row_hit_o,
    output wire                 b_w_entry_hit_o,
    // the columns W writes in S2B's row: b_w_row_hit_o and W's column,
    // registered as one, so the decision's forwarding starts from flip-flops
    output wire [NCOL-1:0]      b_w_here_o,
    output wire [NCOL-1:0]      w_sel_o,    // W's column as a one-hot vector
    output wire [EW-1:0]        w_data_o,
    // S2B's decision: the entry it writes into its row, and the column;
    // whether it writes the S2A event's entry (the S2A event finds that
    // write in W in S2B: b_w_entry_hit_o)
    input  wire                 wr_en_i,
    input  wire [COL_W-1:0]     wr_col_i,
    // the same column as a one-hot vector, which the tag decision has
    // before its number: W's column tests then start from a register bit
    input  wire [NCOL-1:0]      wr_sel_i,
    input  wire [EW-1:0]        wr_data_i,
    output wire                 a_b_entry_hit_o,
    // bits set in W's word as it lands (RAM and W2 only)
    input  wire [EW-1:0]        w_set_i,
    // the sweep: zero row clear_row_i of every column (no event in flight)
    input  wire                 clear_i,
    input  wire [ROW_W-1:0]     clear_row_i,
    // events in S1R, S2A or S2B, or a write still to land
    output wire                 inflight_o
`ifdef FORMAL
    // the write registers W and W2, W3's column and entry; the S1R and
    // S2A events' rows and flags (S2A's W2 and W3 hits by column); every
    // word of the table, column k's rows from bit k*2^ROW_W*EW; the rows
    // whose every column holds 0
    , output wire                 f_w_en_o
    , output wire [ROW_W-1:0]     f_w_row_o
    , output wire                 f_w2_en_o
    , output wire [ROW_W-1:0]     f_w2_row_o
    , output wire [COL_W-1:0]     f_w2_col_o
    , output wire [EW-1:0]        f_w2_data_o
    , output wire [COL_W-1:0]     f_w3_col_o
    , output wire [EW-1:0]        f_w3_data_o
    , output wire                 f_r_valid_o
    , output wire [ROW_W-1:0]     f_r_row_o
    , output wire [NCOL*EW-1:0]   f_r_row_data_o
    , output wire [2:0]           f_r_hit_o
    , output wire                 f_a_valid_o
    , output wire [ROW_W-1:0]     f_a_row_o
    , output wire [COL_W-1:0]     f_a_col_o
    , output wire                 f_a_hit1_o
    , output wire [NCOL-1:0]      f_a_hit2_col_o
    , output wire [NCOL-1:0]      f_a_hit3_col_o
    , output wire [ROW_W-1:0]     f_b_row_o
    , output wire [NCOL*(1 << ROW_W)*EW-1:0] f_table_o
    , output wire [(1 << ROW_W)-1:0] f_row_zero_o
`endif
`ifdef SP_ASSERT
    // the sum over the table of count + miss + rest once W lands, known
    // from the end of the sweep after reset on; what W's write changes in it
    , output wire [31:0]          a_held_o
    , output wire                 a_known_o
    , output wire [31:0]          a_w_delta_o
    // W holds a write (its checks in sp_stage1)
    , output wire                 a_w_en_o
`endif
);

    localparam ROW_W = (ROW_AW > 0) ? ROW_AW : 1;
    localparam COL_W = (COL_AW > 0) ? COL_AW : 1;
    localparam NCOL  = 1 << COL_AW;

    // ---- the write register W and its older copies W2, W3
    reg              w_en_q, w2_en_q;
    reg [ROW_W-1:0]  w_row_q, w2_row_q;
    reg [COL_W-1:0]  w_col_q, w2_col_q, w3_col_q;
    reg [NCOL-1:0]   w_sel_q;
    reg [EW-1:0]     w_data_q, w2_data_q, w3_data_q;

    // ---- the events: S1R, S2A, S2B; their rows and columns
    reg              r_valid_q, a_valid_q, b_valid_q;
    reg [ROW_W-1:0]  r_row_q, a_row_q, b_row_q;
    reg [COL_W-1:0]  r_col_q, a_col_q, b_col_q;
    // which writes the S1R event's read misses and that hit its row: the
    // decision being made now (W in S2A), W (W2 then), W2 (W3 then)
    wire             r_hit1 = wr_en_i && b_row_q == r_row_q;
    wire             r_hit2 = w_en_q && w_row_q == r_row_q;
    wire             r_hit3 = w2_en_q && w2_row_q == r_row_q;
    reg              a_hit1_q;
    // W2's and W3's hits by column, registered in S1R from W's and W2's
    // (whose columns are known then), so only W's column is compared in S2A
    reg [NCOL-1:0]   a_hit2_col_q, a_hit3_col_q;
    // a column number as a one-hot vector
    function [NCOL-1:0] col_bit(input [COL_W-1:0] col);
        integer k;
        begin
            for (k = 0; k < NCOL; k = k + 1)
                col_bit[k] = col == k[COL_W-1:0];
        end
    endfunction

    // ---- the RAMs: read in S1H, the row in their output register in S2A
    wire [NCOL*EW-1:0] ram_row;
    wire [NCOL*EW-1:0] r_row_data;   // the row inside the RAMs in S1R (proofs only)
    wire [NCOL-1:0]    col_we;
    wire [ROW_W-1:0]   row_wa  = clear_i ? clear_row_i : w_row_q;
    wire [EW-1:0]      w_word  = w_data_q | w_set_i;   // W's write as it lands
    wire [EW-1:0]      wr_data = clear_i ? {EW{1'b0}} : w_word;

    genvar k;
    generate
        for (k = 0; k < NCOL; k = k + 1) begin : g_col
            assign col_we[k] = clear_i || (w_en_q && w_sel_q[k]);
            sp_ram_sdp #(
                .AW        (ROW_W),
                .DW        (EW),
                .OUT_REG   (1),
                .OPT_DP16KD(OPT_DP16KD)
            ) u_col (
                .clk_i   (clk_i),
                .we_i    (col_we[k]),
                .waddr_i (row_wa),
                .wdata_i (wr_data),
                .rd_en_i (1'b1),
                .raddr_i (h_row_i),
                .out_en_i(1'b1),
                .rdata_o (ram_row[k*EW +: EW])
`ifdef FORMAL
                , .f_mem_o(f_table_o[k*(1 << ROW_W)*EW +: (1 << ROW_W)*EW])
                , .f_rdata1_o(r_row_data[k*EW +: EW])
`endif
            );
        end
    endgenerate
`ifndef FORMAL
    assign r_row_data = {(NCOL * EW){1'b0}};
`endif

    // ---- S2A: the three older writes merged over the row, the newest
    // where several hit a column; the writes' word for each column is
    // chosen from registers alone, so the RAM's word passes one multiplexer
    reg [NCOL*EW-1:0] a_row, a_wr_row;
    reg [NCOL-1:0]    a_from_w, a_from_w2, a_from_w3;
    integer c;
    always @* begin
        for (c = 0; c < NCOL; c = c + 1) begin
            a_from_w[c]  = a_hit1_q && w_sel_q[c];
            a_from_w2[c] = !a_from_w[c] && a_hit2_col_q[c];
            a_from_w3[c] = !a_from_w[c] && !a_hit2_col_q[c] && a_hit3_col_q[c];
            a_wr_row[c*EW +: EW] = a_from_w[c] ? w_data_q : a_from_w2[c] ? w2_data_q :
                                   a_from_w3[c] ? w3_data_q : {EW{1'b0}};
            a_row[c*EW +: EW]    = (a_from_w[c] || a_from_w2[c] || a_from_w3[c]) ? a_wr_row[c*EW +: EW]
                                                                                 : ram_row[c*EW +: EW];
        end
    end
    wire [EW-1:0] a_entry = a_row[a_col_q*EW +: EW];

    // ---- S2B: the merged row registered; the decision being made while
    // the event was in S2A is in W now
    reg [NCOL*EW-1:0] b_data_q;
    reg               b_w_row_hit_q;
    reg  [NCOL-1:0]   b_w_here_q;
    wire              a_b_row_hit = wr_en_i && b_row_q == a_row_q;

    always @(posedge clk_i) begin
        r_valid_q     <= h_valid_i;
        r_row_q       <= h_row_i;
        r_col_q       <= h_col_i;
        a_valid_q     <= r_valid_q;
        a_row_q       <= r_row_q;
        a_col_q       <= r_col_q;
        a_hit1_q      <= r_hit1;
        a_hit2_col_q  <= r_hit2 ? w_sel_q : {NCOL{1'b0}};
        a_hit3_col_q  <= r_hit3 ? col_bit(w2_col_q) : {NCOL{1'b0}};
        b_valid_q     <= a_valid_q;
        b_row_q       <= a_row_q;
        b_col_q       <= a_col_q;
        b_data_q  <= a_row;
        b_w_row_hit_q <= a_b_row_hit;
        b_w_here_q    <= a_b_row_hit ? wr_sel_i : {NCOL{1'b0}};
        w_en_q        <= wr_en_i;
        w_row_q       <= b_row_q;
        w_col_q       <= wr_col_i;
        w_sel_q       <= wr_sel_i;
        w_data_q      <= wr_data_i;
        w2_en_q       <= w_en_q;
        w2_row_q      <= w_row_q;
        w2_col_q      <= w_col_q;
        w2_data_q     <= w_word;
        w3_col_q      <= w2_col_q;
        w3_data_q     <= w2_data_q;
        if (rst_i) begin
            r_valid_q     <= 1'b0;
            a_valid_q     <= 1'b0;
            b_valid_q     <= 1'b0;
            a_hit1_q      <= 1'b0;
            a_hit2_col_q  <= {NCOL{1'b0}};
            a_hit3_col_q  <= {NCOL{1'b0}};
            b_w_row_hit_q <= 1'b0;
            b_w_here_q    <= {NCOL{1'b0}};
            w_en_q        <= 1'b0;
            w2_en_q       <= 1'b0;
        end
    end

    assign r_valid_o       = r_valid_q;
    assign a_valid_o       = a_valid_q;
    assign a_row_o         = a_row;
    assign a_entry_o       = a_entry;
    assign a_col_o         = a_col_q;
    assign a_ram_row_o     = ram_row;
    assign a_wr_row_o      = a_wr_row;
    assign a_from_w_o      = a_from_w;
    assign a_from_w2_o     = a_from_w2;
    assign a_from_w3_o     = a_from_w3;
    assign b_valid_o       = b_valid_q;
    assign b_col_o         = b_col_q;
    assign b_sel_o         = col_bit(b_col_q);
    assign b_row_o         = b_data_q;
    assign b_entry_o       = b_data_q[b_col_q*EW +: EW];
    assign b_w_row_hit_o   = b_w_row_hit_q;
    assign b_w_entry_hit_o = b_w_row_hit_q && w_sel_q[b_col_q];
    assign b_w_here_o      = b_w_here_q;
    assign a_b_entry_hit_o = a_b_row_hit && wr_col_i == a_col_q;
    assign w_sel_o         = w_sel_q;
    assign w_data_o        = w_data_q;
    assign inflight_o      = r_valid_q || a_valid_q || b_valid_q || w_en_q;

`ifdef FORMAL
    assign f_w_en_o       = w_en_q;
    assign f_w_row_o      = w_row_q;
    assign f_w2_en_o      = w2_en_q;
    assign f_w2_row_o     = w2_row_q;
    assign f_w2_col_o     = w2_col_q;
    assign f_w2_data_o    = w2_data_q;
    assign f_w3_col_o     = w3_col_q;
    assign f_w3_data_o    = w3_data_q;
    assign f_r_valid_o    = r_valid_q;
    assign f_r_row_o      = r_row_q;
    assign f_r_row_data_o = r_row_data;
    assign f_r_hit_o      = {r_hit3, r_hit2, r_hit1};
    assign f_a_valid_o    = a_valid_q;
    assign f_a_row_o      = a_row_q;
    assign f_a_col_o      = a_col_q;
    assign f_a_hit1_o     = a_hit1_q;
    assign f_a_hit2_col_o = a_hit2_col_q;
    assign f_a_hit3_col_o = a_hit3_col_q;
    assign f_b_row_o      = b_row_q;
    genvar fr, fc;
    generate
        for (fr = 0; fr < (1 << ROW_W); fr = fr + 1) begin : g_f_row
            wire [NCOL-1:0] word_zero;
            for (fc = 0; fc < NCOL; fc = fc + 1) begin : g_f_col
                assign word_zero[fc] = f_table_o[(fc * (1 << ROW_W) + fr) * EW +: EW] == {EW{1'b0}};
            end
            assign f_row_zero_o[fr] = &word_zero;
        end
    endgenerate
`else
    wire unused_r = ^{r_col_q, r_row_data, w3_col_q};   // W3's column: the proofs'
`endif

`ifdef SP_ASSERT
    // ---- the counts the table holds: an entry holds count + miss + rest
    // (the fields a mode leaves unused are 0 there, so the sum needs no
    // mode)
    localparam [31:0] A_COUNT_MASK = (32'd1 << COUNT_BITS) - 32'd1;
    localparam [31:0] A_MISS_MASK  = (MISS_W > 0) ? (32'd1 << MISS_W) - 32'd1 : 32'd0;
    localparam [31:0] A_REST_MASK  = (REST_W > 0) ? (32'd1 << REST_W) - 32'd1 : 32'd0;
    function [31:0] held(input [EW-1:0] e);
        reg [EW+31:0] x, y, z;
        reg           unused_xyz;
        begin
            x    = {32'd0, e};
            y    = {32'd0, e} >> MISS_LSB;
            z    = {32'd0, e} >> REST_LSB;
            held = (x[31:0] & A_COUNT_MASK) + (y[31:0] & A_MISS_MASK) + (z[31:0] & A_REST_MASK);
            unused_xyz = ^{x[EW+31:32], y[EW+31:32], z[EW+31:32]};
        end
    endfunction
    // the words the RAM writes replace this clock: in simulation read from
    // the arrays (the ECP5's cells hide theirs: the sum stays unknown), in
    // a proof from the table's formal port
    wire [NCOL*EW-1:0] a_old;
    genvar ka;
    generate
        for (ka = 0; ka < NCOL; ka = ka + 1) begin : g_a_old
`ifdef FORMAL
            assign a_old[ka*EW +: EW] = f_table_o[(ka * (1 << ROW_W) + row_wa) * EW +: EW];
`else
            if (OPT_DP16KD == 0) begin : g_array_word
                assign a_old[ka*EW +: EW] = g_col[ka].u_col.g_array.mem[row_wa];
            end else begin : g_cells_word
                assign a_old[ka*EW +: EW] = {EW{1'b0}};
            end
`endif
        end
    endgenerate
    reg [31:0] a_gone, a_new;
    integer    kb;
    always @* begin
        a_gone = 32'd0;
        for (kb = 0; kb < NCOL; kb = kb + 1)
            if (col_we[kb]) a_gone = a_gone + held(a_old[kb*EW +: EW]);
        a_new = col_we != {NCOL{1'b0}} ? held(wr_data) : 32'd0;
    end
    wire [31:0] a_held_d = a_held_q + a_new - a_gone;
    // The sum kept with every write.  The RAMs start with anything in
    // them, so it is known once the sweep after reset has zeroed every row:
    // its last write is to the last row.  A proof reads the table whole.
    reg [31:0] a_held_q;
    reg        a_known_q;
    always @(posedge clk_i) begin
        a_held_q <= a_held_d;
        if (clear_i && &row_wa && !a_known_q && OPT_DP16KD == 0) begin
            a_known_q <= 1'b1;
            a_held_q  <= 32'd0;
        end
        if (rst_i) begin
            a_held_q  <= 32'd0;
            a_known_q <= 1'b0;
        end
    end
`ifdef FORMAL
    reg [31:0] a_table;
    integer    kc;
    always @* begin
        a_table = 32'd0;
        for (kc = 0; kc < NCOL * (1 << ROW_W); kc = kc + 1)
            a_table = a_table + held(f_table_o[kc*EW +: EW]);
    end
    assign a_held_o  = a_table + a_new - a_gone;
    assign a_known_o = 1'b1;
    wire unused_a_known = a_known_q;
`else
    assign a_held_o  = a_held_d;
    assign a_known_o = a_known_q;
`endif
    assign a_w_delta_o = clear_i ? 32'd0 : a_new - a_gone;
    assign a_w_en_o    = w_en_q;

    always @(posedge clk_i) begin
        if (!rst_i) begin
            // the sweep never overlaps an event or its write
            assert (!(clear_i && (h_valid_i || r_valid_q || a_valid_q || b_valid_q || w_en_q)));
            // a write comes from an event being decided
            assert (!(wr_en_i && !b_valid_q));
            // its column, told twice, is one column, in W too
            assert (!(wr_en_i && wr_sel_i != col_bit(wr_col_i)));
            assert (!(w_en_q && w_sel_q != col_bit(w_col_q)));
            // the forwarding's columns are W's where W hits S2B's row
            assert (b_w_here_q == (b_w_row_hit_q ? w_sel_q : {NCOL{1'b0}}));
            // late bits only in a write
            assert (!(w_set_i != {EW{1'b0}} && !w_en_q));
        end
    end
`else
    // the fields' layout matters to the held sum alone
    wire [31:0] unused_layout = COUNT_BITS + MISS_W + MISS_LSB + REST_W + REST_LSB;
`endif

endmodule

`resetall
