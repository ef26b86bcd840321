// SPDX-License-Identifier: Apache-2.0
/*
 * sp_formal_table.v - formal harness of the counter table's read-modify-
 * write pipeline (rtl/sp_table.v): the row a decision sees in S2B, the row
 * S2A merged from the RAM's output and the writes W3, W2 and W, with the
 * write now in W merged over it, always holds the last value written to
 * every entry of it.  Read by table.sby only.
 *
 * The decision is outside sp_table, so here it is free in every clock: any
 * entry, to any column of the S2B event's row, whenever an event is in
 * S2B; so are the events (any row, any column) and the sweep, which
 * zeroes a row only while nothing is in flight (the block's sweep runs
 * only then, rtl/sp_sweep.v).  Reset in the first clock.
 *
 * The bits a decision sets in W's word as it lands (w_set_i) are free too,
 * in any clock W holds a write.  The merge and w_data_o leave them out by
 * design (their user adds them, knowing which column came from W): the
 * harness adds them the same way, W's own in the clock W holds it, the
 * ones S2A left out a clock later, registered.
 *
 * The tracked entry (row f_row, column f_col) is chosen by the solver.  Its
 * shadow f_shadow_q takes each write to it, then its late bits as it
 * lands, and 0 when a sweep clears its row; f_full is its value with W's
 * late bits while W holds it.  Asserted: when an event is in S2B on that
 * row, its row with W merged holds f_full in that column, and so does its
 * own entry (with W merged when W holds it) when it is the tracked one.
 * Because the assertion covers every column of the row, it covers the
 * tagged compressor reading all ways of a set.
 *
 * Strengthening (for the induction): the same of the S1R and S2A events,
 * each with the writes it still misses; the last value is in W while it
 * is pending, in the RAM after it lands; the forwarding flags say exactly
 * which writes target the row in flight.  The f_* wires come from
 * sp_table's ports that exist only under FORMAL.
 *
 * Covered: an event in S2B on the tracked row with W3, W2, W and the write
 * of the clock before all merged; the entry taken from W; the entry read
 * from the RAM with nothing to merge, holding a written value; a read of
 * the tracked entry in the clock it is written (the RAM returns x); a
 * clear of a written entry; a write to another column than the event's.
 */
`default_nettype none

module sp_formal_table (
    input wire clk_i
);
    localparam ROW_AW = 1;     // two rows of two columns
    localparam COL_AW = 1;
    localparam EW = 3;         // an entry: any three bits
    localparam NCOL = 1 << COL_AW;

    reg f_past_valid = 1'b0;
    always @(posedge clk_i)
        f_past_valid <= 1'b1;
    wire rst = !f_past_valid;

    (* anyseq *) wire          h_valid, wr_en, clear, clear_row;
    (* anyseq *) wire          h_row, h_col, wr_col;
    (* anyseq *) wire [EW-1:0] wr_data, w_set;
    (* anyconst *) reg         f_row, f_col;

    wire [NCOL*EW-1:0] a_row, b_row;
    wire [EW-1:0]      a_entry, b_entry, w_data;
    wire               b_valid, b_col, b_w_row_hit, b_w_entry_hit, inflight, a_b_entry_hit;
    wire [NCOL-1:0]    w_sel;   // W's column, one-hot
    // strengthening only
    wire               f_w_en, f_w_row, f_w2_en, f_w2_row, f_w2_col, f_w3_col;
    wire [EW-1:0]      f_w2_data, f_w3_data;
    wire               f_r_valid, f_r_row, f_a_valid, f_a_row, f_a_col, f_b_row;
    wire [NCOL*EW-1:0] f_r_row_data;
    wire [2:0]         f_r_hit;
    wire               f_a_hit1;
    wire [NCOL-1:0]    f_a_hit2_col, f_a_hit3_col;
    // which writes S2A merges (W3, W2, W) wherever their column
    wire [2:0]         f_a_hit = {|f_a_hit3_col, |f_a_hit2_col, f_a_hit1};
    wire [NCOL-1:0]    a_from_w;
    wire [NCOL*2*EW-1:0] f_table;  // column c, row r at (c*2 + r)*EW
    wire [1:0]         f_row_zero;

    sp_table #(
        .ROW_AW(ROW_AW), .COL_AW(COL_AW), .EW(EW), .COUNT_BITS(EW)
    ) u_dut (
        .clk_i(clk_i), .rst_i(rst),
        .h_valid_i(h_valid), .h_row_i(h_row), .h_col_i(h_col),
        .a_row_o(a_row), .a_entry_o(a_entry), .a_col_o(), .a_ram_row_o(), .a_wr_row_o(),
        .a_from_w_o(a_from_w), .a_from_w2_o(), .a_from_w3_o(),
        .b_valid_o(b_valid), .b_col_o(b_col), .b_sel_o(), .b_row_o(b_row), .b_entry_o(b_entry),
        .b_w_row_hit_o(b_w_row_hit), .b_w_entry_hit_o(b_w_entry_hit),
        .w_sel_o(w_sel), .w_data_o(w_data),
        .wr_en_i(wr_en), .wr_col_i(wr_col), .wr_sel_i({wr_col, !wr_col}), .wr_data_i(wr_data), .a_b_entry_hit_o(a_b_entry_hit),
        .w_set_i(w_set),
        .clear_i(clear), .clear_row_i(clear_row), .inflight_o(inflight),
        .f_w_en_o(f_w_en), .f_w_row_o(f_w_row), .f_w2_en_o(f_w2_en), .f_w2_row_o(f_w2_row),
        .f_w2_col_o(f_w2_col), .f_w2_data_o(f_w2_data), .f_w3_col_o(f_w3_col),
        .f_w3_data_o(f_w3_data), .f_r_valid_o(f_r_valid), .f_r_row_o(f_r_row),
        .f_r_row_data_o(f_r_row_data), .f_r_hit_o(f_r_hit), .f_a_valid_o(f_a_valid),
        .f_a_row_o(f_a_row), .f_a_col_o(f_a_col), .f_a_hit1_o(f_a_hit1), .f_a_hit2_col_o(f_a_hit2_col),
        .f_a_hit3_col_o(f_a_hit3_col), .f_b_row_o(f_b_row),
        .f_table_o(f_table), .f_row_zero_o(f_row_zero)
    );

    // ---- environment: a write comes from an event in S2B; the sweep runs
    // with nothing in flight and nothing arriving
    always @* begin
        if (!rst) begin
            if (wr_en) assume (b_valid);
            if (clear) assume (!h_valid && !inflight);
            if (!f_w_en) assume (w_set == {EW{1'b0}});
        end
    end

    // ---- the shadow of the tracked entry: the last value written to it
    wire          f_w_tracked = f_w_en && f_w_row == f_row && w_sel[f_col];
    reg [EW-1:0] f_shadow_q;
    always @(posedge clk_i) begin
        if (clear && clear_row == f_row)
            f_shadow_q <= {EW{1'b0}};
        else if (wr_en && f_b_row == f_row && wr_col == f_col)
            f_shadow_q <= wr_data;
        else if (f_w_tracked)
            f_shadow_q <= f_shadow_q | w_set;
    end
    wire [EW-1:0] f_full = f_w_tracked ? f_shadow_q | w_set : f_shadow_q;
    // the late bits S2A left out, for the S2B event
    reg [EW-1:0]   f_late_q;
    reg [NCOL-1:0] f_b_from_w_q;
    always @(posedge clk_i) begin
        f_late_q     <= w_set;
        f_b_from_w_q <= a_from_w;
    end
    wire [EW-1:0] f_b_late = f_b_from_w_q[f_col] ? f_late_q : {EW{1'b0}};
    // the table becomes defined when the sweep has cleared the row
    reg f_defined_q = 1'b0;
    always @(posedge clk_i)
        if (clear && clear_row == f_row) f_defined_q <= 1'b1;

    // W3's row (sp_table keeps its column and entry only)
    reg f_w3_en_q, f_w3_row_q;
    always @(posedge clk_i) begin
        f_w3_en_q  <= !rst && f_w2_en;
        f_w3_row_q <= f_w2_row;
    end

    // what each stage sees of the tracked entry, with the writes it misses
    // still (S1R: the decision being made now and W, W2; S2A: the decision
    // being made now; S2B: W merged, nothing missing)
    wire [EW-1:0] f_seen_r = (f_r_hit[1] && w_sel[f_col]) ? w_data | w_set :
                             (f_r_hit[2] && f_w2_col == f_col) ? f_w2_data :
                             f_r_row_data[f_col*EW +: EW];
    wire [EW-1:0] f_seen_a = a_row[f_col*EW +: EW] | (a_from_w[f_col] ? w_set : {EW{1'b0}});
    wire [EW-1:0] f_seen_b = (b_w_row_hit && w_sel[f_col]) ? w_data | w_set :
                             b_row[f_col*EW +: EW] | f_b_late;
    wire [EW-1:0] f_entry_b = b_w_entry_hit ? w_data | w_set : b_entry | f_b_late;
    wire [EW-1:0] f_ram = f_table[{f_col, f_row}*EW +: EW];
    // the decision being made now writes the tracked entry
    wire          f_now_tracked = wr_en && f_b_row == f_row && wr_col == f_col;

    always @* begin
        if (f_past_valid && f_defined_q) begin
            // THE PROPERTY: the decision in S2B sees the tracked entry's
            // last written value, in its row and as its own entry
            if (b_valid && f_b_row == f_row)
                assert (f_seen_b == f_full);
            if (b_valid && f_b_row == f_row && b_col == f_col)
                assert (f_entry_b == f_full);
            // strengthening: S2A's merged row and S1R's read, each with the
            // writes it still misses, hold every write before those
            if (f_a_valid && f_a_row == f_row)
                assert (f_seen_a == f_full);
            if (f_r_valid && f_r_row == f_row)
                assert (f_seen_r == f_full);
            // strengthening: the last value is in W while it is pending, in
            // the RAM after it lands
            if (f_w_tracked)
                assert (w_data == f_shadow_q);
            else
                assert (f_ram == f_shadow_q);
        end
        if (f_past_valid) begin
            // strengthening: the flags say exactly which writes target the
            // row in flight
            assert (f_r_hit[1] == (f_w_en && f_w_row == f_r_row));
            assert (f_r_hit[2] == (f_w2_en && f_w2_row == f_r_row));
            if (f_a_valid) begin
                assert (f_a_hit[0] == (f_w_en && f_w_row == f_a_row));
                // W2's and W3's hits, by their columns
                assert (f_a_hit2_col == ((f_w2_en && f_w2_row == f_a_row) ? ({{(NCOL - 1){1'b0}}, 1'b1} << f_w2_col)
                                                                           : {NCOL{1'b0}}));
                assert (f_a_hit3_col == ((f_w3_en_q && f_w3_row_q == f_a_row) ? ({{(NCOL - 1){1'b0}}, 1'b1} << f_w3_col)
                                                                               : {NCOL{1'b0}}));
            end
            if (b_valid) assert (b_w_row_hit == (f_w_en && f_w_row == f_b_row));
            // the S2A event's entry is the one the decision now writes
            if (f_a_valid)
                assert (a_b_entry_hit == (wr_en && f_b_row == f_a_row && wr_col == f_a_col));
            assert (b_w_entry_hit == (b_w_row_hit && w_sel[b_col]));
        end
    end

    // ---- covers
    wire f_b_here = f_past_valid && f_defined_q && b_valid && f_b_row == f_row;
    reg  [2:0] f_b_hits_q;   // what S2A merged for the S2B event: W3, W2, W
    always @(posedge clk_i)
        f_b_hits_q <= f_a_valid ? f_a_hit : 3'b000;
    always @* begin
        c_fwd_all:   cover (f_b_here && f_b_hits_q == 3'b111 && b_w_row_hit);
        c_entry_w:   cover (f_b_here && b_col == f_col && b_w_entry_hit && f_w_tracked);
        c_from_ram:  cover (f_b_here && f_b_hits_q == 3'b000 && !b_w_row_hit &&
                            f_shadow_q != {EW{1'b0}});
        // the read returned x: W2 is the write of the clock it was issued in
        c_collide:   cover (f_past_valid && f_defined_q && f_r_valid && f_r_row == f_row &&
                            f_r_hit[2] && f_w2_col == f_col);
        c_clear:     cover (f_past_valid && f_defined_q && clear && clear_row == f_row &&
                            f_shadow_q != {EW{1'b0}});
        c_other_col: cover (f_past_valid && wr_en && wr_col != b_col);
        c_now:       cover (f_past_valid && f_defined_q && f_now_tracked);
        // late bits reach the S2B event through S2A's merge, and through W
        c_late_a:    cover (f_b_here && f_b_late != {EW{1'b0}});
        c_late_w:    cover (f_b_here && b_col == f_col && b_w_entry_hit && w_set != {EW{1'b0}});
    end
    wire unused = ^{a_entry, f_row_zero, f_w3_data};

endmodule
