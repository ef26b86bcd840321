// SPDX-License-Identifier: Apache-2.0
/*
 * sp_formal_table.v - formal harness of the counter table's read-modify-
 * write pipeline (rtl/sp_stage1.v): the row a decision sees in S2, after
 * the RAM read and the three forwarding paths (W3, W2 and W merged in S2
 * from flags registered in S1R and with the row), always holds the last
 * value written to every entry of it.
 * Read by table.sby only.
 *
 * Every mode is built and every configuration input is free in every
 * clock (sampler, rate, ways, thresholds, seed writes), as are the events:
 * the forwarding must not depend on what the decision does, only on where
 * it writes.  Assumed: reset in the first clock; a clear sweep row only
 * while no event is in S1H, S1R or S2 and no write is pending (the block's
 * sweep runs only then, rtl/sp_sweep.v).
 *
 * The tracked entry (row f_row, column f_col) is chosen by the solver.  Its
 * shadow f_shadow_q takes the entry each decision writes to it (new_entry,
 * column wr_col, which in TAG mode may be any way of the set), and 0 when
 * a sweep clears its row.  Asserted: when an event is in S2 on that row,
 * the merged row holds f_shadow_q in that column.  Because the assertion
 * covers every column of the row, it covers the TAG compressor reading all
 * ways of a set.  The single-entry modes read their entry through a path
 * of its own (selected in S1R, W forwarded in S2 when the previous
 * decision wrote that entry); it is asserted to hold f_shadow_q too,
 * whenever the write in W, if on the same row, went to its own event's
 * entry (every mode but TAG writes so, and modes do not change mid-stream).
 *
 * The f_* wires below come from sp_stage1's ports that exist only under
 * FORMAL: the decision and the merged row for the property, the pipeline
 * registers and RAM words for the strengthening assertions k-induction
 * needs.  The decision itself (new_entry, wr_col) is a cut point of
 * table.sby: free in every clock.
 *
 * Covered: an event in S2 on the tracked row with W, W2 and W3 all merged;
 * the single-entry path taking W, and taking W2 or W3; the entry read from
 * the RAM with nothing to merge, holding a written value; a read of the
 * tracked entry in the clock it is written (the RAM returns x); a clear
 * of a written entry; a write to another column than the event's (TAG).
 */
`default_nettype none

module sp_formal_table (
    input wire clk_i
);
    localparam TABLE_AW = 2;   // four entries: two rows of two columns
    localparam COUNT_BITS = 3; // counts wrap quickly
    localparam TAG_BITS = 2;   // widest tag
    localparam MISS_BITS = 2;  // tagged miss counter
    // an entry: count, valid, tag, miss, rest, hit (sp_stage1's layout)
    localparam EW = COUNT_BITS + 1 + TAG_BITS + MISS_BITS + COUNT_BITS + 1;
    localparam NCOL = 2;

    reg f_past_valid = 1'b0;
    always @(posedge clk_i)
        f_past_valid <= 1'b1;
    wire rst = !f_past_valid;

    (* anyseq *) wire [2:0]          sampler;
    (* anyseq *) wire [15:0]         rate, evict_hits;
    (* anyseq *) wire [1:0]          ways_log2;
    (* anyseq *) wire [3:0]          replace_misses;
    (* anyseq *) wire                discard, s1h_valid, seed_wr, clear;
    (* anyseq *) wire [66:0]         s1h_tuple;
    (* anyseq *) wire [TABLE_AW-1:0] s1h_index;
    (* anyseq *) wire [TAG_BITS-1:0] s1h_tag;
    (* anyseq *) wire [31:0]         seed_data;
    (* anyseq *) wire                clear_row;
    // the tracked entry
    (* anyconst *) wire f_row;
    (* anyconst *) wire f_col;

    wire inflight, s2_valid;

    sp_stage1 #(
        .WORD_BITS(32), .TABLE_AW(TABLE_AW), .WAYS_LOG2_MAX(1), .TAG_BITS_MAX(TAG_BITS),
        .COUNT_BITS(COUNT_BITS), .MISS_BITS(MISS_BITS), .OPT_TAGGED(1), .OPT_CR(1), .OPT_HTP(1)
    ) u_dut (
        .clk_i           (clk_i),
        .rst_i           (rst),
        .sampler_i       (sampler),
        .rate_i          (rate),
        .ways_log2_i     (ways_log2),
        .evict_hits_i    (evict_hits),
        .replace_misses_i(replace_misses),
        .discard_i       (discard),
        .s1h_valid_i     (s1h_valid),
        .s1h_tuple_i     (s1h_tuple),
        .s1h_index_i     (s1h_index),
        .s1h_tag_i       (s1h_tag),
        .seed_wr_i       (seed_wr),
        .seed_data_i     (seed_data),
        .inflight_o      (inflight),
        .s1r_tuple_o     (),
        .clear_i         (clear),
        .clear_row_i     (clear_row),
        .s2_valid_o      (s2_valid),
        .s2_tuple_o      (),
        .s2_counted_o    (),
        .s2_skipped_o    (),
        .s2_count_in_o   (),
        .s2_res_inc_o    (),
        .s2_discard_o    (),
        .s2_emit_o       (),
        .s2_emit_count_o (),
        .s2_fsm_o        (),
        .s3_valid_o      (),
        .s3_tuple_o      (),
        .s3_count_o      (),
        .f_s2_write_o    (f_s2_write),
        .f_new_entry_o   (f_new_entry),
        .f_wr_col_o      (f_wr_col),
        .f_s2_row_o      (f_row_q2),
        .f_s2_col_o      (f_col_q2),
        .f_row_fw_o      (f_row_fw),
        .f_e_fw_o        (f_e_fw),
        .f_s1r_valid_o   (f_valid_qr),
        .f_s1r_row_o     (f_row_qr),
        .f_row_rd_o      (f_row_rd),
        .f_w_hit_r_o     (f_w_hit_r),
        .f_w2_hit_r_o    (f_w2_hit_r),
        .f_fwd_hit_o     (f_fwd_hit_q2),
        .f_w_en_o        (f_w_en_q),
        .f_w_row_o       (f_w_row_q),
        .f_w_col_o       (f_w_col_q),
        .f_w_data_o      (f_w_data_q),
        .f_w2_col_o      (f_w2_col_q),
        .f_w2_data_o     (f_w2_data_q),
        .f_table_o       (f_table)
    );

    // ---- internal signals (sp_stage1's formal ports)
    // the decision: its write, row, column and entry
    wire            f_s2_write, f_row_q2, f_wr_col;
    wire [EW-1:0]   f_new_entry;
    // the row S2 decides on, after forwarding
    wire [NCOL*EW-1:0] f_row_fw;
    // the entry the single-entry modes decide on (column col_q2 of the
    // row), after its own forwarding
    wire [EW-1:0]   f_e_fw;
    wire            f_col_q2;
    // strengthening only: the S1R event, the row the RAM read for it, the
    // write registers, the forwarding flags and the RAM words
    wire            f_valid_qr, f_row_qr, f_w_hit_r, f_w2_hit_r, f_fwd_hit_q2;
    wire [NCOL*EW-1:0] f_row_rd;
    wire            f_w_en_q, f_w_row_q, f_w_col_q, f_w2_col_q;
    wire [EW-1:0]   f_w_data_q, f_w2_data_q;
    wire [NCOL*2*EW-1:0] f_table;  // column c, row r at (c*2 + r)*EW

    // ---- environment
    always @* begin
        if (!rst && clear)
            assume (!s1h_valid && !inflight && !s2_valid);
    end

    // ---- the shadow of the tracked entry: the last value written to it
    reg [EW-1:0] f_shadow_q;
    always @(posedge clk_i) begin
        if (clear && clear_row == f_row)
            f_shadow_q <= {EW{1'b0}};
        else if (f_s2_write && f_row_q2 == f_row && f_wr_col == f_col)
            f_shadow_q <= f_new_entry;
    end

    wire [EW-1:0] f_seen_s2 = f_row_fw[f_col*EW +: EW];
    // what S2 will make of the row read for S1R, W and W2 merged over it
    wire [EW-1:0] f_seen_s1r =
        (f_w_hit_r && f_w_col_q == f_col) ? f_w_data_q :
        (f_w2_hit_r && f_w2_col_q == f_col) ? f_w2_data_q : f_row_rd[f_col*EW +: EW];
    wire [EW-1:0] f_ram = f_table[{f_col, f_row}*EW +: EW];

    // the write W held one clock ago (sp_stage1 keeps only its column)
    reg f_w2_en_q, f_w2_row_q;
    always @(posedge clk_i) begin
        f_w2_en_q  <= !rst && f_w_en_q;
        f_w2_row_q <= f_w_row_q;
    end
    wire f_w_tracked = f_w_en_q && f_w_row_q == f_row && f_w_col_q == f_col;

    // whether the write in W went to its own event's entry, as every mode
    // but TAG writes (the single-entry path relies on it: a mode does not
    // change while events flow)
    reg f_w_own_q;
    always @(posedge clk_i)
        f_w_own_q <= f_wr_col == f_col_q2;

    // the first clock after reset has no valid shadow: the reset sweep
    // (here, the solver's clears) makes the table defined
    reg f_defined_q = 1'b0;
    always @(posedge clk_i)
        if (clear && clear_row == f_row) f_defined_q <= 1'b1;

    always @* begin
        if (f_past_valid && f_defined_q) begin
            // THE PROPERTY: the decision in S2 sees the tracked entry's last
            // written value
            if (s2_valid && f_row_q2 == f_row)
                assert (f_seen_s2 == f_shadow_q);
            // and so does the single-entry path, its own entry when the
            // write in W, if on this row, went to its event's entry
            if (s2_valid && f_row_q2 == f_row && f_col_q2 == f_col &&
                !(f_w_en_q && f_w_row_q == f_row && !f_w_own_q))
                assert (f_e_fw == f_shadow_q);
            // strengthening: the read for S1R and the two writes it missed
            // that are still in W and W2 hold every write but the one S2
            // decides now
            if (f_valid_qr && f_row_qr == f_row)
                assert (f_seen_s1r == f_shadow_q);
            // strengthening: the last value is in W while it is pending,
            // in the RAM after it lands
            if (f_w_tracked)
                assert (f_w_data_q == f_shadow_q);
            else
                assert (f_ram == f_shadow_q);
        end
        if (f_past_valid) begin
            // strengthening: the forwarding flags say exactly which writes
            // target the row in flight
            assert (f_w_hit_r == (f_w_en_q && f_w_row_q == f_row_qr));
            assert (f_w2_hit_r == (f_w2_en_q && f_w2_row_q == f_row_qr));
            assert (f_fwd_hit_q2 == (f_w_en_q && f_w_row_q == f_row_q2));
        end
    end

    // ---- covers
    // the S1R flags as they reach S2 with their event: W2 and W3 hit the
    // row; W2 or W3 holds the tracked entry (whatever column S1R's event is)
    reg f_fwd2_q, f_fwd3_q, f_e_old_q;
    always @(posedge clk_i) begin
        f_fwd2_q  <= f_w_hit_r;
        f_fwd3_q  <= f_w2_hit_r;
        f_e_old_q <= (f_w_hit_r && f_w_col_q == f_col) || (f_w2_hit_r && f_w2_col_q == f_col);
    end
    wire f_s2_here = f_past_valid && f_defined_q && s2_valid && f_row_q2 == f_row;
    always @* begin
        c_fwd_all:  cover (f_s2_here && f_fwd_hit_q2 && f_fwd2_q && f_fwd3_q);
        c_entry_w:  cover (f_s2_here && f_col_q2 == f_col && f_w_tracked && f_w_own_q);
        c_entry_old: cover (f_s2_here && f_col_q2 == f_col && f_e_old_q &&
                            !(f_w_en_q && f_w_row_q == f_row));
        c_from_ram: cover (f_s2_here && !f_fwd_hit_q2 && !f_fwd2_q && !f_fwd3_q &&
                           f_shadow_q != {EW{1'b0}});
        // the read returned x: W2 is the write of the clock it was issued in
        c_collide:  cover (f_past_valid && f_defined_q && f_valid_qr && f_row_qr == f_row &&
                           f_w2_hit_r && f_w2_col_q == f_col);
        c_clear:    cover (f_past_valid && f_defined_q && clear && clear_row == f_row &&
                           f_shadow_q != {EW{1'b0}});
        c_other_col: cover (f_past_valid && f_s2_write && f_wr_col != f_col_q2);
    end

endmodule
