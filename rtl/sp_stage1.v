// SPDX-License-Identifier: Apache-2.0
/*
 * sp_stage1.v - the first stage of docs/spec.md: samplers, tagged
 * compressor, counter table and random generator (sections 5.1 to 5.4).
 *
 * Pipeline stages S1H, S1R and S2 of the block (docs/rtl.md):
 *   S1H the hash of the tuple is ready (sp_hash); the entry number and the
 *       table row are formed and the row read is issued; random modes step
 *       the xorshift32 generator (one draw per event).
 *   S1R the row arrives from the RAM and is registered as it is, so the
 *       RAM's slow clock-to-output ends at a flip-flop; which older writes
 *       it missed hit the row is worked out beside it.  R/HR test their
 *       draw (multiplied in S1H); the single-entry modes' entry is located.
 *   S2  the writes the read missed are merged over the row; the sampler or
 *       tagged FSM decides; the new entry goes to the write register (W),
 *       which writes the RAM in the next clock; at most one message goes
 *       to the S3 register.
 * A read-modify-write pipeline forwards instead of stalling.  A row read
 * issued in S1H misses three writes: the one landing at the edge that ends
 * S1H (from the decision two clocks before, then in W), and those of the
 * decisions made while the event is in S1H and in S1R.  W keeps two older
 * copies, W2 and W3; in S2 these three writes are W3, W2 and W, merged in
 * that order, each where a flag registered in S1R says it hits the row.
 * So one event per clock is sustained in every mode and neither the RAM
 * output nor the RAM input is on the decision path.
 *
 * The table is 2^COL_AW column RAMs, each 2^ROW_AW rows deep, COL_AW =
 * min(WAYS_LOG2_MAX, TABLE_AW): entry e lives in column e mod 2^COL_AW,
 * row e / 2^COL_AW, so the ways of a TAG set (entries set*ways + way, as
 * in the model) are always one row whatever the run-time way count.
 *
 * Entry layout, low bits first: count (COUNT_BITS), valid (when OPT_TAGGED,
 * OPT_CR or OPT_HTP), tag (TAG_BITS_MAX, when OPT_TAGGED or OPT_HTP), miss
 * (MISS_BITS) when OPT_TAGGED, rest (COUNT_BITS) and hit (1) when OPT_HTP.
 *
 * Under `FORMAL (verif/formal/ only) the f_*_o ports show the decision, the
 * forwarding registers and flags and the table's words: the counter-table
 * and whole-block proofs state their properties on them.
 */
`resetall
`default_nettype none
`include "sp_regs.vh"

module sp_stage1 #(
    // word width in bits, 32 or 64
    parameter WORD_BITS = 32,
    // log2 of the counter-table entries, 0..12
    parameter TABLE_AW = 12,
    // log2 of the most TAG ways, 0..3
    parameter WAYS_LOG2_MAX = 2,
    // widest tag, 1..8
    parameter TAG_BITS_MAX = 8,
    // counter-table count field, 1..16
    parameter COUNT_BITS = 16,
    // tagged miss counter, 2..4
    parameter MISS_BITS = 4,
    // build the tagged compressor
    parameter OPT_TAGGED = 1,
    // build CR and HCR
    parameter OPT_CR = 1,
    // build the tagged stratified sampler HTP
    parameter OPT_HTP = 1
) (
    input  wire                     clk_i,
    input  wire                     rst_i,
    // configuration (constant while events are in flight)
    input  wire [2:0]               sampler_i,
    input  wire [15:0]              rate_i,
    input  wire [1:0]               ways_log2_i,
    input  wire [15:0]              evict_hits_i,
    input  wire [3:0]               replace_misses_i,
    input  wire                     discard_i,
    // S1H: the event and its hash
    input  wire                     s1h_valid_i,
    input  wire [TW-1:0]            s1h_tuple_i,
    input  wire [IDX_W-1:0]         s1h_index_i,
    input  wire [TAG_BITS_MAX-1:0]  s1h_tag_i,
    // a SEED write (block stopped): the generator's new state, the seed
    // already hashed by sp_regs
    input  wire                     seed_wr_i,
    input  wire [31:0]              seed_data_i,
    // events in S1R, or a table write still to land (STATUS.BUSY)
    output wire                     inflight_o,
    // the tuple in S1R (A_k compares it two clocks ahead)
    output wire [TW-1:0]            s1r_tuple_o,
    // table clear sweep: zero row clear_row_i of every column
    input  wire                     clear_i,
    input  wire [ROW_W-1:0]         clear_row_i,
    // S2: the event decided in this cycle (accounting, credits)
    output wire                     s2_valid_o,
    output wire [TW-1:0]            s2_tuple_o,
    output wire                     s2_counted_o,
    output wire                     s2_skipped_o,
    output wire [HW-1:0]            s2_count_in_o,
    output wire                     s2_res_inc_o,
    output wire [HW-1:0]            s2_discard_o,
    output wire                     s2_emit_o,
    output wire [HW-1:0]            s2_emit_count_o,
    output wire [7:0]               s2_fsm_o,
    // S3: the message formed in S2, one clock later
    output wire                     s3_valid_o,
    output wire [TW-1:0]            s3_tuple_o,
    output wire [HW-1:0]            s3_count_o
`ifdef FORMAL
    // S2's decision: whether it writes, the entry and its column, the row
    // and column of the event
    , output wire                     f_s2_write_o
    , output wire [EW-1:0]            f_new_entry_o
    , output wire [COL_W-1:0]         f_wr_col_o
    , output wire [ROW_W-1:0]         f_s2_row_o
    , output wire [COL_W-1:0]         f_s2_col_o
    // the row S2 decides on (forwarded), and the single-entry modes' entry
    , output wire [NCOL*EW-1:0]       f_row_fw_o
    , output wire [EW-1:0]            f_e_fw_o
    // S1R: the event, its row, the row read for it, and whether W and W2
    // hit that row; whether W hits S2's row
    , output wire                     f_s1r_valid_o
    , output wire [ROW_W-1:0]         f_s1r_row_o
    , output wire [NCOL*EW-1:0]       f_row_rd_o
    , output wire                     f_w_hit_r_o
    , output wire                     f_w2_hit_r_o
    , output wire                     f_fwd_hit_o
    // the write register W and its copy W2
    , output wire                     f_w_en_o
    , output wire [ROW_W-1:0]         f_w_row_o
    , output wire [COL_W-1:0]         f_w_col_o
    , output wire [EW-1:0]            f_w_data_o
    , output wire [COL_W-1:0]         f_w2_col_o
    , output wire [EW-1:0]            f_w2_data_o
    // every word of the table, column k's rows from bit k*2^ROW_W*EW
    , output wire [NCOL*(1 << ROW_W)*EW-1:0] f_table_o
    // the rows whose every column holds 0
    , output wire [(1 << ROW_W)-1:0]  f_row_zero_o
`endif
`ifdef SP_ASSERT
    // what the table holds once W's write lands: the sum over its entries
    // of count + miss + rest, which is COUNT_RES_TABLE in the modes that
    // keep counts of events there (a_counts_o: P, HP, TAG, HTP); known from
    // the end of the sweep after reset on
    , output wire [31:0]              a_held_o
    , output wire                     a_known_o
    , output wire                     a_counts_o
    // what W's write changes in that sum (what S2's decision moved)
    , output wire [31:0]              a_w_delta_o
`endif
`ifdef FORMAL
    // every word of the table has the shape the mode gives it (the fields
    // the mode does not count are 0; in HTP an Empty entry holds nothing)
    , output wire                     f_shape_o
`endif
);

    // ---- derived sizes
    localparam TW     = 3 + 2 * WORD_BITS;            // tuple: kind, word0, word1
    localparam HW     = COUNT_BITS + 1;               // a stage-1 message count
    localparam IDX_W  = (TABLE_AW > 0) ? TABLE_AW : 1;
    localparam COL_AW = (WAYS_LOG2_MAX < TABLE_AW) ? WAYS_LOG2_MAX : TABLE_AW;
    localparam NCOL   = 1 << COL_AW;
    localparam COL_W  = (COL_AW > 0) ? COL_AW : 1;
    localparam ROW_AW = TABLE_AW - COL_AW;
    localparam ROW_W  = (ROW_AW > 0) ? ROW_AW : 1;
    localparam HAS_V  = (OPT_TAGGED != 0 || OPT_CR != 0 || OPT_HTP != 0) ? 1 : 0;
    localparam TB     = (OPT_TAGGED != 0 || OPT_HTP != 0) ? TAG_BITS_MAX : 0;
    localparam MB     = (OPT_TAGGED != 0) ? MISS_BITS : 0;
    localparam RB     = (OPT_HTP != 0) ? COUNT_BITS + 1 : 0; // rest and hit
    localparam EW     = COUNT_BITS + HAS_V + TB + MB + RB; // one table entry
    localparam V_LSB  = COUNT_BITS;                   // field offsets in an entry
    localparam T_LSB  = COUNT_BITS + HAS_V;
    localparam M_LSB  = COUNT_BITS + HAS_V + TB;
    localparam R_LSB  = COUNT_BITS + HAS_V + TB + MB;
    localparam H_LSB  = R_LSB + COUNT_BITS;
    // the TAG compressor's entry: count, valid, tag, miss
    localparam TAG_EW = COUNT_BITS + 1 + TAG_BITS_MAX + MISS_BITS;
    // the random draw: s * d < 2^32 with d <= RATE <= 65535
    localparam DW     = (HW > 16) ? 16 : HW;

    localparam [2:0] S_P = `SP_SAMPLER_P, S_R = `SP_SAMPLER_R, S_CR = `SP_SAMPLER_CR, S_HP = `SP_SAMPLER_HP,
                     S_HR = `SP_SAMPLER_HR, S_HCR = `SP_SAMPLER_HCR, S_TAG = `SP_SAMPLER_TAG,
                     S_HTP = `SP_SAMPLER_HTP;

    // ---- mode decode; a mode the build left out can never be selected
    wire is_periodic = sampler_i == S_P || sampler_i == S_HP;
    wire is_random   = sampler_i == S_R || sampler_i == S_HR;
    wire is_window   = (OPT_CR != 0) && (sampler_i == S_CR || sampler_i == S_HCR);
    wire is_tag      = (OPT_TAGGED != 0) && sampler_i == S_TAG;
    wire is_htp      = (OPT_HTP != 0) && sampler_i == S_HTP;
    wire uses_table  = is_periodic || is_window || is_tag || is_htp;
    // HTP draws on every event and uses the draw only when it claims an entry
    wire draws       = is_random || is_window || is_htp;
    // P, HP, TAG and HTP count every event and keep counts in the table
    wire counts_one  = is_periodic || is_tag || is_htp;

    // RATE at the message-count width (it is at most 2^COUNT_BITS)
    wire [HW+15:0] rate_wide = {{HW{1'b0}}, rate_i};
    wire [HW-1:0]  rate_h    = rate_wide[HW-1:0];
    wire           unused_rate_wide = ^rate_wide[HW+15:HW];

    // =====================================================================
    // S1H: entry number, row read, random draw
    // =====================================================================
    // TAG: the hash is the set; its ways are entries set << WAYS_LOG2 onward.
    wire [IDX_W-1:0] entry_s1h  = is_tag ? s1h_index_i << ways_log2_i : s1h_index_i;
    wire [ROW_W-1:0] row_s1h;
    wire [COL_W-1:0] col_s1h;
    generate
        if (ROW_AW > 0) begin : g_rows
            assign row_s1h = entry_s1h[IDX_W-1:COL_AW];
        end else begin : g_one_row
            assign row_s1h = 1'b0;
        end
        if (COL_AW > 0) begin : g_cols
            assign col_s1h = entry_s1h[COL_W-1:0];
        end else begin : g_one_col
            assign col_s1h = 1'b0;
        end
        if (ROW_AW == 0 && COL_AW == 0) begin : g_no_entry
            // TABLE_AW = 0: one entry, the hash is always 0
            wire unused_entry = ^entry_s1h;
        end
    endgenerate

    // xorshift32, one step
    function [31:0] xorshift32;
        input [31:0] s;
        reg   [31:0] t;
        begin
            t          = s ^ (s << 13);
            t          = t ^ (t >> 17);
            xorshift32 = t ^ (t << 5);
        end
    endfunction

    // The generator's next state, the draw the next event takes, kept in a
    // register instead of the state itself: the draw then comes from a
    // flip-flop, so R/HR/HTP can multiply it here in S1H and have the
    // product a clock earlier.  Out of reset the state is the hash of
    // SEED's reset value, as after any SEED write (sp_regs hashes those).
`include "sp_seed_mix.vh"
    localparam [31:0] DRAW_RESET = xorshift32(sp_seed_mix(`SP_SEED_RESET));
    reg  [31:0] draw_q;

    // S1R: the event whose row is arriving
    reg              valid_qr;
    reg [TW-1:0]     tuple_qr;
    reg [ROW_W-1:0]  row_qr;
    reg [COL_W-1:0]  col_qr;
    reg [TAG_BITS_MAX-1:0] tag_qr;
    reg [31:0]       s_qr;
    reg [15+DW:0]    r_pp_hi_qr;  // R, HR, HTP: s[31:16] * RATE and s[15:0] * RATE
    reg [15+DW:0]    r_pp_lo_qr;

    // S2: the event being decided, with its registered row
    reg              valid_q2;
    reg [TW-1:0]     tuple_q2;
    reg [ROW_W-1:0]  row_q2;
    reg [COL_W-1:0]  col_q2;
    reg [TAG_BITS_MAX-1:0] tag_q2;
    reg [31:0]       s_q2;
    reg              r_hit_q2;    // R, HR: s * RATE < 2^32
    reg [COUNT_BITS-1:0] rest_ph_q2; // HTP: the rest's phase a claim starts from
    reg [HW-1:0]     own_ph1_q2;  // the owner's phase + 1
    reg              own_ph_reach_q2; // own phase + 1 >= RATE
    reg [HW-1:0]     claim_in_q2; // both phases + 1: the counts a claim brings in
    reg              fwd_hit_q2;  // W now holds a write to this row
    reg              fwd2_hit_q2; // W2 now holds a write to this row
    reg              fwd3_hit_q2; // W3 now holds a write to this row
    reg              fwd_e_q2;    // W now holds a write to this very entry
    reg              e_old_hit_q2; // an older write (W2, W3) holds the entry
    reg [EW-1:0]     e_old_q2;     // and this is its value
    reg [NCOL*EW-1:0] row_rd_q2;  // the row as the RAM read it

    // the write register W (the RAM write port) and its older copies W2, W3
    reg              w_en_q;
    reg [ROW_W-1:0]  w_row_q;
    reg [COL_W-1:0]  w_col_q;
    reg [EW-1:0]     w_data_q;
    reg              w2_en_q;
    reg [ROW_W-1:0]  w2_row_q;
    reg [COL_W-1:0]  w2_col_q;
    reg [EW-1:0]     w2_data_q;
    reg [COL_W-1:0]  w3_col_q;
    reg [EW-1:0]     w3_data_q;

    // S2 results registered for S3
    reg              valid_q3;
    reg [TW-1:0]     tuple_q3;
    reg [HW-1:0]     count_q3;

    // =====================================================================
    // the counter table
    // =====================================================================
    wire [NCOL*EW-1:0] row_rd;
    wire [NCOL-1:0]    col_we;
    wire [ROW_W-1:0]   row_wa = clear_i ? clear_row_i : w_row_q;
    wire [EW-1:0]      new_entry;
    wire [COL_W-1:0]   wr_col;
    wire [EW-1:0]      wr_data = clear_i ? {EW{1'b0}} : w_data_q;
    wire               s2_write = valid_q2 && uses_table;

    genvar k;
    generate
        for (k = 0; k < NCOL; k = k + 1) begin : g_col
            localparam [COL_W-1:0] KCOL = k;
            assign col_we[k] = clear_i || (w_en_q && w_col_q == KCOL);
            sp_ram_sdp #(
                .AW(ROW_W),
                .DW(EW)
            ) u_col (
                .clk_i  (clk_i),
                .we_i   (col_we[k]),
                .waddr_i(row_wa),
                .wdata_i(wr_data),
                .raddr_i(row_s1h),
                .rdata_o(row_rd[k*EW +: EW])
`ifdef FORMAL
                , .f_mem_o(f_table_o[k*(1 << ROW_W)*EW +: (1 << ROW_W)*EW])
`endif
            );
        end
    endgenerate

    // =====================================================================
    // S1R: the row arrives and is registered as it is (a block RAM's
    // clock-to-output is most of a clock on its own); which of the two
    // older writes it missed hit the row is worked out beside it
    // =====================================================================
    // W (being written now) is newer than W2 (landed at the edge that
    // ended S1H, after the read); each write touches one column.  In S2
    // these two are W2 and W3.
    wire w_hit_r  = w_en_q && w_row_q == row_qr;
    wire w2_hit_r = w2_en_q && w2_row_q == row_qr;
    integer c;

    // R and HR: the draw against d = RATE needs nothing from the table.  It
    // is multiplied in S1H (the draw and RATE both from flip-flops: RATE is
    // configuration, copied here), the partial products are added and
    // tested in S1R and S2 takes a registered hit.  HTP's phases are the
    // products' bits 16 and up; S1R registers them with what a claim needs.
    reg  [DW-1:0]  rate_q1;
    always @(posedge clk_i) rate_q1 <= rate_h[DW-1:0];
    // RATE - 1, for count + 1 >= RATE tests that do not wait for the
    // increment (configuration, written only while stopped, at least two
    // clocks before a tuple reaches S1R)
    reg  [HW-1:0]  rate_m1_q;
    always @(posedge clk_i) rate_m1_q <= rate_h - {{COUNT_BITS{1'b0}}, 1'b1};
    // as two partial products, one multiplier block each
    wire [15+DW:0] r_pp_hi = draw_q[31:16] * rate_q1;
    wire [15+DW:0] r_pp_lo = draw_q[15:0] * rate_q1;
    // s * RATE < 2^32: nothing at bit 16 or above of pp_hi + (pp_lo >> 16)
    wire [16+DW:0] r_mid = {1'b0, r_pp_hi_qr} + {{17{1'b0}}, r_pp_lo_qr[15+DW:16]};
    wire r_hit_qr = r_mid[16+DW:16] == {(DW + 1){1'b0}};
    wire unused_r_mid = ^{r_mid[15:0], r_pp_lo_qr[15:0]};
    // a phase is below RATE, so it fits the count width
    wire [HW+DW-1:0] own_wide  = {{HW{1'b0}}, r_pp_hi_qr[15+DW:16]};
    wire [HW+DW-1:0] rest_wide = {{HW{1'b0}}, r_pp_lo_qr[15+DW:16]};
    wire [HW-1:0]    own_ph_qr  = own_wide[HW-1:0];
    wire [HW-1:0]    rest_ph_qr = rest_wide[HW-1:0];
    wire [HW-1:0]    own_ph1_qr = own_ph_qr + {{COUNT_BITS{1'b0}}, 1'b1};
    wire unused_ph = ^{own_wide[HW+DW-1:HW], rest_wide[HW+DW-1:HW]};
`ifdef FORMAL
    // The whole-block proof cuts the products free (any draw).  Whatever
    // the draw, a product's high half is a phase below RATE, and HTP keeps
    // a phase in a count field on that ground: so do the free ones.
    always @* if (valid_qr) assume (own_ph_qr <= rate_m1_q && rest_ph_qr <= rate_m1_q);
`endif
    // whether W or W2 holds the newest value of the single-entry modes'
    // entry, and that value (both from registers)
    wire e_w_r  = w_hit_r && w_col_q == col_qr;
    wire e_w2_r = w2_hit_r && w2_col_q == col_qr;
    wire [EW-1:0] e_old_qr = e_w_r ? w_data_q : w2_data_q;

    // =====================================================================
    // S2: the last forwarding, decision, write-back
    // =====================================================================
    // The two older writes the read missed (now W2, newer, and W3), then
    // W, the decision of the previous clock.
    reg [NCOL*EW-1:0] row_merged;
    always @* begin
        row_merged = row_rd_q2;
        for (c = 0; c < NCOL; c = c + 1)
            if (fwd2_hit_q2 && w2_col_q == c[COL_W-1:0])
                row_merged[c*EW +: EW] = w2_data_q;
            else if (fwd3_hit_q2 && w3_col_q == c[COL_W-1:0])
                row_merged[c*EW +: EW] = w3_data_q;
    end
    reg [NCOL*EW-1:0] row_fw;
    always @* begin
        row_fw = row_merged;
        for (c = 0; c < NCOL; c = c + 1)
            if (fwd_hit_q2 && w_col_q == c[COL_W-1:0])
                row_fw[c*EW +: EW] = w_data_q;
    end

    // fields of every column (TAG reads the whole row)
    wire [NCOL*COUNT_BITS-1:0] f_count;
    wire [NCOL-1:0]            f_valid;
    generate
        for (k = 0; k < NCOL; k = k + 1) begin : g_field
            assign f_count[k*COUNT_BITS +: COUNT_BITS] = row_fw[k*EW +: COUNT_BITS];
            if (HAS_V != 0) begin : g_v
                assign f_valid[k] = row_fw[k*EW + V_LSB];
            end else begin : g_nv
                assign f_valid[k] = 1'b0;
            end
        end
    endgenerate

    // ---- the entry of the other modes: the read (r), the older write S1R
    // picked (o) or, when the previous decision wrote the same entry, W (w).
    // The tests on it are made on all three and the results selected, so
    // the selection is not in front of a comparator.
    wire [EW-1:0]         e_rd_q2   = row_rd_q2[col_q2*EW +: EW];
    wire [EW-1:0]         e_fw      = fwd_e_q2 ? w_data_q : e_old_hit_q2 ? e_old_q2 : e_rd_q2;
    wire [COUNT_BITS-1:0] e_count   = e_fw[COUNT_BITS-1:0];
    wire [HW-1:0]         e_count_h = {1'b0, e_count};
    wire [HW-1:0]         e_next    = e_count_h + {{COUNT_BITS{1'b0}}, 1'b1};
    wire                  e_valid;
    generate
        if (HAS_V != 0) begin : g_ev
            assign e_valid = e_fw[V_LSB];
        end else begin : g_env
            assign e_valid = 1'b0;
        end
    endgenerate

    // ---- P, HP: count to RATE.  count + 1 >= RATE is tested as
    // count >= RATE - 1 (RATE >= 1), so the compare does not wait for the
    // increment.
    wire r_reach = {1'b0, e_rd_q2[COUNT_BITS-1:0]} >= rate_m1_q;
    wire o_reach = {1'b0, e_old_q2[COUNT_BITS-1:0]} >= rate_m1_q;
    wire w_reach = {1'b0, w_data_q[COUNT_BITS-1:0]} >= rate_m1_q;
    wire reach   = fwd_e_q2 ? w_reach : e_old_hit_q2 ? o_reach : r_reach;
    wire p_emit  = reach;

    // ---- R, HR, CR, HCR: one draw; selected when s * d < 2^32.  R and HR
    // (d = r) were multiplied in S1H and tested in S1R; CR and HCR need the
    // window position j from the table, so their d = r - j is multiplied here.
    wire w_hit;
    generate
        if (OPT_CR != 0) begin : g_window_draw
            wire [HW-1:0]  window_left = rate_h - e_count_h;   // r - j, at least 1
            wire [31+DW:0] w_prod      = s_q2 * window_left[DW-1:0];
            assign w_hit = w_prod[31+DW:32] == {DW{1'b0}};
            wire unused_w_prod = ^{w_prod[31:0], window_left};
        end else begin : g_no_window_draw
            assign w_hit = 1'b0;
            wire unused_s_q2 = ^s_q2;
        end
    endgenerate
    // CR takes at most one event per window (valid = window already sampled)
    wire r_emit   = is_window ? (w_hit && !e_valid) : r_hit_q2;
    wire w_close  = reach;

    // ---- TAG
    wire                  t_valid, t_emit;
    wire [COL_W-1:0]      t_col;
    wire [COUNT_BITS-1:0] t_count;
    wire [HW-1:0]         t_emit_count, t_discard;
    wire [7:0]            t_edge;
    wire [EW-1:0]         t_entry;
    generate
        if (OPT_TAGGED != 0) begin : g_tag
            wire [NCOL*TAG_BITS_MAX-1:0] f_tag;
            wire [NCOL*MISS_BITS-1:0]    f_miss;
            wire [NCOL-1:0]              in_set;
            wire [TAG_BITS_MAX-1:0]      n_tag;
            wire [MISS_BITS-1:0]         n_miss;
            // the ways of the set share all column bits from WAYS_LOG2 up
            wire [COL_W-1:0] set_bits = {COL_W{1'b1}} << ways_log2_i;
            for (k = 0; k < NCOL; k = k + 1) begin : g_f
                localparam [COL_W-1:0] KCOL = k;
                assign f_tag[k*TAG_BITS_MAX +: TAG_BITS_MAX] = row_fw[k*EW + T_LSB +: TAG_BITS_MAX];
                assign f_miss[k*MISS_BITS +: MISS_BITS]      = row_fw[k*EW + M_LSB +: MISS_BITS];
                assign in_set[k] = ((KCOL ^ col_q2) & set_bits) == {COL_W{1'b0}};
            end
            sp_tag_fsm #(
                .NCOL        (NCOL),
                .COL_W       (COL_W),
                .COUNT_BITS  (COUNT_BITS),
                .TAG_BITS_MAX(TAG_BITS_MAX),
                .MISS_BITS   (MISS_BITS)
            ) u_fsm (
                .count_i         (f_count),
                .valid_i         (f_valid),
                .tag_i           (f_tag),
                .miss_i          (f_miss),
                .in_set_i        (in_set),
                .key_i           (tag_q2),
                .rate_i          (rate_i),
                .evict_hits_i    (evict_hits_i),
                .replace_misses_i(replace_misses_i),
                .discard_i       (discard_i),
                .col_o           (t_col),
                .count_o         (t_count),
                .valid_o         (t_valid),
                .tag_o           (n_tag),
                .miss_o          (n_miss),
                .emit_o          (t_emit),
                .emit_count_o    (t_emit_count),
                .discard_o       (t_discard),
                .edge_o          (t_edge)
            );
            wire [EW+TAG_EW-1:0] t_wide = {{EW{1'b0}}, n_miss, n_tag, t_valid, t_count};
            wire unused_t_wide = ^t_wide[EW+TAG_EW-1:EW];
            assign t_entry = t_wide[EW-1:0];
        end else begin : g_no_tag
            assign t_col        = {COL_W{1'b0}};
            assign t_count      = {COUNT_BITS{1'b0}};
            assign t_valid      = 1'b0;
            assign t_emit       = 1'b0;
            assign t_emit_count = {HW{1'b0}};
            assign t_discard    = {HW{1'b0}};
            assign t_edge       = 8'd0;
            assign t_entry      = {EW{1'b0}};
            // the thresholds and the tag only matter to the tagged compressor
            wire unused_tag = ^{evict_hits_i, replace_misses_i, discard_i, tag_q2,
                                t_valid, t_count, t_entry, f_count, f_valid};
        end
    endgenerate

    // ---- HTP (spec 5.5): the owner is counted exactly, the other tuples of
    // the stream periodically; a claimed entry starts both counts from the
    // phases of the event's draw, the products R and HR multiply anyway
    // (s[31:16] * RATE and s[15:0] * RATE, their bits 16 and up).
    wire          h_emit;
    wire [HW-1:0] h_emit_count, h_count_in;
    wire [EW-1:0] h_entry;
    generate
        if (OPT_HTP != 0) begin : g_htp
            wire [TAG_BITS_MAX-1:0] e_tag  = e_fw[T_LSB +: TAG_BITS_MAX];
            wire [COUNT_BITS-1:0]   e_rest = e_fw[R_LSB +: COUNT_BITS];
            wire                    e_hit  = e_fw[H_LSB];
            wire [HW-1:0]           e_rest_h = {1'b0, e_rest};
            wire [HW-1:0]           h_rest   = e_rest_h + {{COUNT_BITS{1'b0}}, 1'b1};
            // the tests, on both candidates (see e_fw)
            wire r_own = e_rd_q2[T_LSB +: TAG_BITS_MAX] == tag_q2;
            wire o_own = e_old_q2[T_LSB +: TAG_BITS_MAX] == tag_q2;
            wire w_own = w_data_q[T_LSB +: TAG_BITS_MAX] == tag_q2;
            wire r_rest_reach = {1'b0, e_rd_q2[R_LSB +: COUNT_BITS]} >= rate_m1_q;
            wire o_rest_reach = {1'b0, e_old_q2[R_LSB +: COUNT_BITS]} >= rate_m1_q;
            wire w_rest_reach = {1'b0, w_data_q[R_LSB +: COUNT_BITS]} >= rate_m1_q;
            wire tag_eq     = fwd_e_q2 ? w_own : e_old_hit_q2 ? o_own : r_own;
            wire rest_reach = fwd_e_q2 ? w_rest_reach :
                              e_old_hit_q2 ? o_rest_reach : r_rest_reach;

            wire claim   = !e_valid;
            wire owner   = e_valid && tag_eq;
            wire rest_ev = e_valid && !tag_eq;
            // own count + 1: from the phase on a claim
            wire [HW-1:0] h_own = claim ? own_ph1_q2 : e_next;
            // count + 1 >= RATE, as for P
            wire own_emit  = !rest_ev && (claim ? own_ph_reach_q2 : reach);
            wire rest_emit = rest_ev && rest_reach;
            // no owner hit between two reports of the rest: the reporter owns
            wire hand_over = rest_emit && !e_hit;

            reg [COUNT_BITS-1:0]   n_own, n_rest;
            reg [TAG_BITS_MAX-1:0] n_tag;
            reg                    n_hit;
            reg [EW-1:0]           entry;
            always @* begin
                n_own  = e_count;
                n_rest = e_rest;
                n_tag  = e_tag;
                n_hit  = 1'b1;
                if (claim) begin
                    n_own  = own_emit ? {COUNT_BITS{1'b0}} : h_own[COUNT_BITS-1:0];
                    n_rest = rest_ph_q2;
                    n_tag  = tag_q2;
                end else if (owner) begin
                    n_own  = own_emit ? {COUNT_BITS{1'b0}} : h_own[COUNT_BITS-1:0];
                end else if (!rest_emit) begin
                    n_rest = h_rest[COUNT_BITS-1:0];
                    n_hit  = e_hit;
                end else begin
                    n_hit = 1'b0;
                    if (hand_over) begin
                        n_own  = {COUNT_BITS{1'b0}};
                        n_rest = e_count;
                        n_tag  = tag_q2;
                    end else begin
                        n_rest = {COUNT_BITS{1'b0}};
                    end
                end
                entry = {EW{1'b0}};
                entry[COUNT_BITS-1:0]        = n_own;
                entry[V_LSB]                 = 1'b1;
                entry[T_LSB +: TAG_BITS_MAX] = n_tag;
                entry[R_LSB +: COUNT_BITS]   = n_rest;
                entry[H_LSB]                 = n_hit;
            end
            assign h_entry      = entry;
            assign h_emit       = own_emit || rest_emit;
            assign h_emit_count = rest_ev ? h_rest : h_own;
            // the phases are implied counts the claim brings in (spec 7)
            assign h_count_in   = claim ? claim_in_q2 : {{COUNT_BITS{1'b0}}, 1'b1};
        end else begin : g_no_htp
            assign h_emit       = 1'b0;
            assign h_emit_count = {HW{1'b0}};
            assign h_count_in   = {HW{1'b0}};
            assign h_entry      = {EW{1'b0}};
            // what S1R prepares for a claim
            wire unused_claim = ^{rest_ph_q2, own_ph1_q2, own_ph_reach_q2, claim_in_q2};
        end
    endgenerate

    // ---- the entry written back; fields a mode does not use are zero
    reg [COUNT_BITS-1:0] n_count;
    reg                  n_valid;
    always @* begin
        n_count = {COUNT_BITS{1'b0}};
        n_valid = 1'b0;
        if (is_periodic) begin
            n_count = p_emit ? {COUNT_BITS{1'b0}} : e_next[COUNT_BITS-1:0];
        end else if (is_window && !w_close) begin
            // next position; the window stays sampled once taken
            n_count = e_next[COUNT_BITS-1:0];
            n_valid = e_valid || r_emit;
        end
    end
    wire [EW+COUNT_BITS:0] simple_wide = {{(EW + 1){1'b0}}, n_count};
    wire unused_simple_wide = ^simple_wide[EW+COUNT_BITS:EW];
    generate
        if (HAS_V != 0) begin : g_sv
            wire [EW+COUNT_BITS:0] v_wide = {{(EW + COUNT_BITS){1'b0}}, n_valid} << V_LSB;
            wire unused_v_wide = ^v_wide[EW+COUNT_BITS:EW];
            assign new_entry = is_tag ? t_entry : is_htp ? h_entry :
                               (simple_wide[EW-1:0] | v_wide[EW-1:0]);
        end else begin : g_snv
            wire unused_n_valid = ^{n_valid, h_entry};
            assign new_entry = simple_wide[EW-1:0];
        end
    endgenerate
    assign wr_col = is_tag ? t_col : col_q2;

    // ---- the message and the accounting of the event
    wire          emit       = is_tag ? t_emit : is_htp ? h_emit : is_periodic ? p_emit : r_emit;
    wire [HW-1:0] emit_count = is_tag ? t_emit_count : is_htp ? h_emit_count :
                               is_periodic ? e_next : rate_h;
    wire [HW-1:0] discarded  = is_tag ? t_discard : {HW{1'b0}};

    assign s2_valid_o      = valid_q2;
    assign s2_tuple_o      = tuple_q2;
    assign s2_counted_o    = valid_q2 && (counts_one || emit);
    assign s2_skipped_o    = valid_q2 && !counts_one && !emit;
    assign s2_count_in_o   = !valid_q2 ? {HW{1'b0}} :
                             is_htp ? h_count_in :
                             counts_one ? {{COUNT_BITS{1'b0}}, 1'b1} :
                             emit ? rate_h : {HW{1'b0}};
    assign s2_res_inc_o    = valid_q2 && counts_one;
    assign s2_discard_o    = valid_q2 ? discarded : {HW{1'b0}};
    assign s2_emit_o       = valid_q2 && emit;
    assign s2_emit_count_o = emit_count;
    assign s2_fsm_o        = (valid_q2 && is_tag) ? t_edge : 8'd0;

    // =====================================================================
    // registers
    // =====================================================================
    always @(posedge clk_i) begin
        // S1H -> S1R; which pending writes the read cannot see: the one in
        // W now (lands at this edge) and the one S2 decides now
        valid_qr    <= s1h_valid_i;
        tuple_qr    <= s1h_tuple_i;
        row_qr      <= row_s1h;
        col_qr      <= col_s1h;
        tag_qr      <= s1h_tag_i;
        s_qr        <= draw_q;
        r_pp_hi_qr  <= r_pp_hi;
        r_pp_lo_qr  <= r_pp_lo;
        if (s1h_valid_i && draws) draw_q <= xorshift32(draw_q);
        if (seed_wr_i) draw_q <= xorshift32(seed_data_i);
        // S1R -> S2; the write S2 decides now is the one S2 must still merge
        valid_q2    <= valid_qr;
        tuple_q2    <= tuple_qr;
        row_q2      <= row_qr;
        col_q2      <= col_qr;
        tag_q2      <= tag_qr;
        s_q2        <= s_qr;
        r_hit_q2    <= r_hit_qr;
        rest_ph_q2  <= rest_ph_qr[COUNT_BITS-1:0];
        own_ph1_q2  <= own_ph1_qr;
        own_ph_reach_q2 <= own_ph_qr >= rate_m1_q;
        claim_in_q2 <= own_ph1_qr + rest_ph_qr;
        fwd_hit_q2  <= s2_write && row_qr == row_q2;
        fwd2_hit_q2 <= w_hit_r;
        fwd3_hit_q2 <= w2_hit_r;
        // non-TAG modes write the entry they read (wr_col = col_q2)
        fwd_e_q2    <= s2_write && row_qr == row_q2 && col_qr == col_q2;
        e_old_hit_q2 <= e_w_r || e_w2_r;
        e_old_q2    <= e_old_qr;
        row_rd_q2   <= row_rd;
        // S2 -> S3, and the write registers
        valid_q3    <= valid_q2 && emit;
        tuple_q3    <= tuple_q2;
        count_q3    <= emit_count;
        w_en_q      <= s2_write;
        w_row_q     <= row_q2;
        w_col_q     <= wr_col;
        w_data_q    <= new_entry;
        w2_en_q     <= w_en_q;
        w2_row_q    <= w_row_q;
        w2_col_q    <= w_col_q;
        w2_data_q   <= w_data_q;
        w3_col_q    <= w2_col_q;
        w3_data_q   <= w2_data_q;
        if (rst_i) begin
            valid_qr   <= 1'b0;
            valid_q2   <= 1'b0;
            fwd_hit_q2 <= 1'b0;
            fwd2_hit_q2 <= 1'b0;
            fwd3_hit_q2 <= 1'b0;
            e_old_hit_q2 <= 1'b0;
            w2_en_q    <= 1'b0;
            valid_q3   <= 1'b0;
            w_en_q     <= 1'b0;
            draw_q     <= DRAW_RESET;
        end
    end

    assign inflight_o = valid_qr || w_en_q;
    assign s1r_tuple_o = tuple_qr;
    assign s3_valid_o = valid_q3;
    assign s3_tuple_o = tuple_q3;
    assign s3_count_o = count_q3;

`ifdef FORMAL
    assign f_s2_write_o  = s2_write;
    assign f_new_entry_o = new_entry;
    assign f_wr_col_o    = wr_col;
    assign f_s2_row_o    = row_q2;
    assign f_s2_col_o    = col_q2;
    assign f_row_fw_o    = row_fw;
    assign f_e_fw_o      = e_fw;
    assign f_s1r_valid_o = valid_qr;
    assign f_s1r_row_o   = row_qr;
    assign f_row_rd_o    = row_rd;
    assign f_w_hit_r_o   = w_hit_r;
    assign f_w2_hit_r_o  = w2_hit_r;
    assign f_fwd_hit_o   = fwd_hit_q2;
    assign f_w_en_o      = w_en_q;
    assign f_w_row_o     = w_row_q;
    assign f_w_col_o     = w_col_q;
    assign f_w_data_o    = w_data_q;
    assign f_w2_col_o    = w2_col_q;
    assign f_w2_data_o   = w2_data_q;
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
`endif

`ifdef SP_ASSERT
    // ---- the counts the table holds (spec 7: COUNT_RES_TABLE is their sum
    // in P, HP, TAG and HTP).  An entry holds count + miss + rest: the
    // fields a mode leaves unused are 0 there, so the sum needs no mode.
    localparam [31:0] A_COUNT_MASK = (32'd1 << COUNT_BITS) - 32'd1;
    localparam [31:0] A_MISS_MASK  = (MB > 0) ? (32'd1 << MISS_BITS) - 32'd1 : 32'd0;
    localparam [31:0] A_REST_MASK  = (RB > 0) ? A_COUNT_MASK : 32'd0;
    // an entry's {rest, miss, count}, 32 bits each
    function [95:0] fields(input [EW-1:0] e);
        reg [EW+31:0] x, y, z;
        reg           unused_xyz;
        begin
            x          = {32'd0, e};
            y          = {32'd0, e} >> M_LSB;
            z          = {32'd0, e} >> R_LSB;
            fields     = {z[31:0] & A_REST_MASK, y[31:0] & A_MISS_MASK, x[31:0] & A_COUNT_MASK};
            unused_xyz = ^{x[EW+31:32], y[EW+31:32], z[EW+31:32]};
        end
    endfunction
    // what an entry holds, given its fields (a function of its own, not one
    // calling fields(): Yosys 0.23 mis-evaluates nested function calls)
    function [31:0] held(input [95:0] f);
        held = f[31:0] + f[63:32] + f[95:64];
    endfunction
    // the words the RAM writes replace this clock: in simulation read from
    // the arrays, in a proof from the table's formal port
    wire [NCOL*EW-1:0] a_old;
    genvar ka;
    generate
        for (ka = 0; ka < NCOL; ka = ka + 1) begin : g_a_old
`ifdef FORMAL
            assign a_old[ka*EW +: EW] = f_table_o[(ka * (1 << ROW_W) + row_wa) * EW +: EW];
`else
            assign a_old[ka*EW +: EW] = g_col[ka].u_col.mem[row_wa];
`endif
        end
    endgenerate
    reg [31:0] a_gone, a_new;
    integer    kb;
    always @* begin
        a_gone = 32'd0;
        for (kb = 0; kb < NCOL; kb = kb + 1)
            if (col_we[kb]) a_gone = a_gone + held(fields(a_old[kb*EW +: EW]));
        a_new = col_we != {NCOL{1'b0}} ? held(fields(wr_data)) : 32'd0;
    end
    wire [31:0] a_held_d = a_held_q + a_new - a_gone;
    // The sum kept with every write.  The RAMs start with anything in
    // them, so it is known once the sweep after reset has zeroed every row:
    // its last write is to the last row.  A proof reads the table whole.
    reg [31:0] a_held_q;
    reg        a_known_q;
    always @(posedge clk_i) begin
        a_held_q <= a_held_d;
        if (clear_i && &row_wa && !a_known_q) begin
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
            a_table = a_table + held(fields(f_table_o[kc*EW +: EW]));
    end
    assign a_held_o  = a_table + a_new - a_gone;
    assign a_known_o = 1'b1;
    wire unused_a_known = a_known_q;
`else
    assign a_held_o  = a_held_d;
    assign a_known_o = a_known_q;
`endif
    assign a_counts_o  = counts_one;
    assign a_w_delta_o = clear_i ? 32'd0 : a_new - a_gone;

`ifdef FORMAL
    // ---- the table's shape in each counting mode, as it will be once W
    // lands: the fields a mode does not count are 0, a stored count is
    // below RATE; in HTP an Empty entry holds nothing; the tagged
    // compressor's ways as the tag_fsm proof assumes and keeps them (an
    // Empty way's carry below REPLACE_MISSES and no misses, misses below
    // REPLACE_MISSES)
    localparam F_V = (HAS_V != 0) ? V_LSB : 0;  // the valid bit, where there is one
    function shaped(input [95:0] f, input valid, input per, input tag, input htp, input [31:0] rate,
                    input [31:0] replace);
        reg [31:0] count, miss, rest;
        begin
            {rest, miss, count} = f;
            shaped = !(per && (miss != 32'd0 || rest != 32'd0 || count >= rate)) &&
                     !(tag && (rest != 32'd0 || miss >= replace ||
                               (valid ? count >= rate : (miss != 32'd0 || count >= replace)))) &&
                     !(htp && (miss != 32'd0 || count >= rate || rest >= rate ||
                               (!valid && (count != 32'd0 || rest != 32'd0))));
        end
    endfunction
    localparam F_N = NCOL * (1 << ROW_W);  // the table's words
    reg [F_N*EW-1:0] f_next;
    reg              f_shape;
    integer          kd;
    always @* begin
        for (kd = 0; kd < F_N; kd = kd + 1)
            f_next[kd*EW +: EW] = (w_en_q && w_col_q == kd / (1 << ROW_W) && w_row_q == kd % (1 << ROW_W))
                                  ? w_data_q : f_table_o[kd*EW +: EW];
        f_shape = 1'b1;
        for (kd = 0; kd < F_N; kd = kd + 1)
            if (!shaped(fields(f_next[kd*EW +: EW]), f_next[kd*EW + F_V], is_periodic, is_tag, is_htp,
                        {16'd0, rate_i}, {28'd0, replace_misses_i}))
                f_shape = 1'b0;
    end
    assign f_shape_o = f_shape;

`ifdef SP_FORMAL_ASSUME_TABLE
    // ---- the table proof's property, given (the whole-block proof only,
    // verif/formal/README.md): an event in S2 decides on the row as the
    // table will hold it once W lands, and in every mode but TAG, whose
    // writes may go to another way than the event's entry, the
    // single-entry path on the event's entry as well
    wire [NCOL*EW-1:0] f_row_now;
    genvar kf;
    generate
        for (kf = 0; kf < NCOL; kf = kf + 1) begin : g_f_now
            localparam [COL_W-1:0] KF = kf;
            assign f_row_now[kf*EW +: EW] = (w_en_q && w_row_q == row_q2 && w_col_q == KF) ? w_data_q :
                                            f_table_o[(kf * (1 << ROW_W) + row_q2) * EW +: EW];
        end
    endgenerate
    always @* begin
        if (!rst_i && valid_q2) begin
            assume (row_fw == f_row_now);
            if (!is_tag) assume (e_fw == f_row_now[col_q2*EW +: EW]);
        end
    end
`endif
`endif

    always @(posedge clk_i) begin
        if (!rst_i) begin
            // the sweep never overlaps an event or its write, and the bus
            // never writes the seed mid-stream
            assert (!(clear_i && (valid_q2 || valid_qr || s1h_valid_i || w_en_q)));
            assert (!(seed_wr_i && (valid_q2 || valid_qr || s1h_valid_i)));
            // RATE does not change while events are in flight
            if (valid_qr || valid_q2) assert (rate_m1_q == rate_h - {{COUNT_BITS{1'b0}}, 1'b1});
            // HTP's phases (a product's high half) are below RATE, and what
            // S2 registers of them agrees: a claim brings in both phases + 1
            if (valid_q2 && is_htp) begin
                assert (own_ph1_q2 - {{COUNT_BITS{1'b0}}, 1'b1} <= rate_m1_q &&
                        {1'b0, rest_ph_q2} <= rate_m1_q);
                assert (claim_in_q2 == own_ph1_q2 + {1'b0, rest_ph_q2});
                assert (own_ph_reach_q2 == (own_ph1_q2 - {{COUNT_BITS{1'b0}}, 1'b1} >= rate_m1_q));
            end
        end
    end
`endif

endmodule

`resetall
