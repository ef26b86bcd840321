// SPDX-License-Identifier: Apache-2.0
/*
 * sp_stage1.v - the first stage of docs/spec.md: samplers, tagged
 * compressor, HTP and the counter table (sections 5.1 to 5.5), wired.
 *
 * Pipeline stages S1H, S1R, S2A, S2B and S3 of the block (docs/rtl.md):
 *   S1H the hash of the tuple is ready (sp_hash); the entry number and the
 *       table row are formed and the row read is issued; the random modes
 *       take their draw (sp_samplers).
 *   S1R the RAM reads the row.
 *   S2A the row arrives from the RAM's output register and sp_table merges
 *       the three older writes the read missed over it; each mode works
 *       out its tests on that row, a clock ahead of its decision.
 *   S2B the decision: the mode's module (sp_samplers, sp_htp, sp_tag_fsm)
 *       decides on the row as sp_table forwards it, with the write of the
 *       clock before (in W) merged; the entry goes back to sp_table's
 *       write register W, which writes the RAM in the next clock; at most
 *       one message goes to the S3 register.
 *   W   CR and HCR only: the event's write is in W, and its decision is
 *       finished there (sp_samplers says why); it is reported to the
 *       block (s2_*) and its message goes to S3 from this clock, so in
 *       those modes every event is reported a clock later, and the tuples
 *       A_k looks up ahead (s1r_tuple_o, s2a_tuple_o) are taken a stage
 *       later too, each still a clock before the next.
 * Every mode is decided by a module of its own and the mode selects among
 * the results, so no mode's logic lies in front of another's.
 *
 * Entry layout, low bits first: count (COUNT_BITS), valid (when OPT_TAGGED,
 * OPT_CR or OPT_HTP), tag (TAG_BITS_MAX, when OPT_TAGGED or OPT_HTP), miss
 * (MISS_BITS) when OPT_TAGGED, rest (COUNT_BITS) and hit (1) when OPT_HTP.
 *
 * Under `FORMAL (verif/formal/ only) the f_*_o ports show where events
 * are, and the table's rows and shape: the whole-block proof states its
 * properties on them.
 */
`resetall
`default_nettype none
`include "sp_regs.vh"
`include "sp_tag_flags.vh"

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
    parameter OPT_HTP = 1,
    // 1: ECP5 DP16KD cells for the table (ECP5 synthesis only)
    parameter OPT_DP16KD = 0
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
    // events in S1R, S2A or S2B, or a table write still to land (STATUS.BUSY)
    output wire                     inflight_o,
    // the tuples in S1R and S2A (A_k compares them three and two clocks ahead)
    output wire [TW-1:0]            s1r_tuple_o,
    output wire [TW-1:0]            s2a_tuple_o,
    // table clear sweep: zero row clear_row_i of every column
    input  wire                     clear_i,
    input  wire [ROW_W-1:0]         clear_row_i,
    // S2 (S2B): the event decided in this cycle (accounting, credits)
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
    // S3: the message formed in S2B, one clock later
    output wire                     s3_valid_o,
    output wire [TW-1:0]            s3_tuple_o,
    output wire [HW-1:0]            s3_count_o
`ifdef FORMAL
    // events in S1R and S2A (S2B's is s2_valid_o); a write in W
    , output wire                     f_s1r_valid_o
    , output wire                     f_s2a_valid_o
    , output wire                     f_s2b_wait_o
    , output wire                     f_w_en_o
    // the table's rows that hold 0 in every column
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
    // what W's write changes in that sum (what S2B's decision moved)
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

    // RATE at the message-count width (it is at most 2^COUNT_BITS), and
    // RATE - 1, for count + 1 >= RATE tests that do not wait for the
    // increment (configuration, written only while stopped, at least two
    // clocks before a tuple reaches S2A)
    wire [HW+15:0] rate_wide = {{HW{1'b0}}, rate_i};
    wire [HW-1:0]  rate_h    = rate_wide[HW-1:0];
    wire           unused_rate_wide = ^rate_wide[HW+15:HW];
    reg  [HW-1:0]  rate_m1_q;
    always @(posedge clk_i) rate_m1_q <= rate_h - {{COUNT_BITS{1'b0}}, 1'b1};

    // =====================================================================
    // S1H: entry number and row read
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

    // ---- the event's tuple and tag through S1R, S2A, S2B (sp_table keeps
    // where the events are)
    wire                   valid_qr, valid_qa, valid_qb;
    reg [TW-1:0]           tuple_qr, tuple_qa, tuple_qb;
    reg [TAG_BITS_MAX-1:0] tag_qr, tag_qa, tag_qb;

    // =====================================================================
    // the counter table and its forwarding
    // =====================================================================
    wire [NCOL*EW-1:0] a_row, b_row, a_ram_row, a_wr_row;
    wire [NCOL-1:0]    a_from_w, a_from_w2, a_from_w3;
    wire [EW-1:0]      a_entry, b_entry, w_data;
    wire [COL_W-1:0]   a_col, b_col;
    wire [NCOL-1:0]    w_sel, b_sel;   // W's and S2B's columns, one-hot
    wire               b_w_row_hit, b_w_entry_hit, table_inflight, a_b_entry_hit;
    wire [NCOL-1:0]    b_w_here;       // the columns of S2B's row W writes
    wire [EW-1:0]      w_set;
`ifdef SP_ASSERT
    wire               a_w_en;   // W holds a write
`endif
    wire [EW-1:0]      new_entry;
    wire [COL_W-1:0]   wr_col;
    wire [NCOL-1:0]    wr_sel;
    wire               s2_write = valid_qb && uses_table;
`ifdef FORMAL
    wire [NCOL*(1 << ROW_W)*EW-1:0] f_table;
    wire               f_w_en;
    wire [ROW_W-1:0]   f_w_row, f_b_row;
`endif

    sp_table #(
        .ROW_AW    (ROW_AW),
        .COL_AW    (COL_AW),
        .EW        (EW),
        .COUNT_BITS(COUNT_BITS),
        .MISS_W    (MB),
        .MISS_LSB  (M_LSB),
        .REST_W    ((RB > 0) ? COUNT_BITS : 0),
        .REST_LSB  (R_LSB),
        .OPT_DP16KD(OPT_DP16KD)
    ) u_table (
        .clk_i          (clk_i),
        .rst_i          (rst_i),
        .h_valid_i      (s1h_valid_i),
        .h_row_i        (row_s1h),
        .h_col_i        (col_s1h),
        .r_valid_o      (valid_qr),
        .a_valid_o      (valid_qa),
        .a_row_o        (a_row),
        .a_entry_o      (a_entry),
        .a_col_o        (a_col),
        .a_ram_row_o    (a_ram_row),
        .a_wr_row_o     (a_wr_row),
        .a_from_w_o     (a_from_w),
        .a_from_w2_o    (a_from_w2),
        .a_from_w3_o    (a_from_w3),
        .b_valid_o      (valid_qb),
        .b_col_o        (b_col),
        .b_sel_o        (b_sel),
        .b_row_o        (b_row),
        .b_entry_o      (b_entry),
        .b_w_row_hit_o  (b_w_row_hit),
        .b_w_entry_hit_o(b_w_entry_hit),
        .b_w_here_o     (b_w_here),
        .w_sel_o        (w_sel),
        .w_data_o       (w_data),
        .wr_en_i        (s2_write),
        .wr_col_i       (wr_col),
        .wr_sel_i       (wr_sel),
        .wr_data_i      (new_entry),
        .a_b_entry_hit_o(a_b_entry_hit),
        .w_set_i        (w_set),
        .clear_i        (clear_i),
        .clear_row_i    (clear_row_i),
        .inflight_o     (table_inflight)
`ifdef FORMAL
        , .f_w_en_o(f_w_en), .f_w_row_o(f_w_row), .f_w2_en_o(), .f_w2_row_o(), .f_w2_col_o()
        , .f_w2_data_o(), .f_w3_col_o(), .f_w3_data_o(), .f_r_valid_o(), .f_r_row_o()
        , .f_r_row_data_o(), .f_r_hit_o(), .f_a_valid_o(), .f_a_row_o(), .f_a_col_o()
        , .f_a_hit1_o(), .f_a_hit2_col_o(), .f_a_hit3_col_o(), .f_b_row_o(f_b_row)
        , .f_table_o(f_table), .f_row_zero_o(f_row_zero_o)
`endif
`ifdef SP_ASSERT
        , .a_held_o   (a_held_o)
        , .a_known_o  (a_known_o)
        , .a_w_delta_o(a_w_delta_o)
        , .a_w_en_o   (a_w_en)
`endif
    );
    wire unused_a_row   = ^a_row;    // the modes test their entry (a_entry) in S2A

    // =====================================================================
    // the samplers that keep a count: P, HP, R, HR, CR, HCR
    // =====================================================================
    wire          p_emit, p_reach, w_emit;
    wire [HW-1:0] p_emit_count, p_next;
    wire [EW-1:0] p_entry;
    wire [HW-1:0] own_ph1, claim_in;
    wire          own_ph_reach;
    wire [COUNT_BITS-1:0] rest_ph;

    sp_samplers #(
        .COUNT_BITS(COUNT_BITS),
        .EW        (EW),
        .HAS_V     (HAS_V),
        .V_LSB     (V_LSB),
        .OPT_CR    (OPT_CR)
    ) u_samplers (
        .clk_i          (clk_i),
        .rst_i          (rst_i),
        .periodic_i     (is_periodic),
        .random_i       (is_random),
        .window_i       (is_window),
        .draws_i        (draws),
        .rate_i         (rate_i),
        .rate_m1_i      (rate_m1_q),
        .seed_wr_i      (seed_wr_i),
        .seed_data_i    (seed_data_i),
        .h_valid_i      (s1h_valid_i),
        .r_valid_i      (valid_qr),
        .a_valid_i      (valid_qa),
        .b_valid_i      (valid_qb),
        .a_count_i      (a_entry[COUNT_BITS-1:0]),
        .a_from_w_i     (a_from_w[a_col]),
        .a_b_entry_hit_i(a_b_entry_hit),
        .b_entry_i      (b_entry),
        .w_data_i       (w_data),
        .b_w_entry_hit_i(b_w_entry_hit),
        .emit_o         (p_emit),
        .emit_count_o   (p_emit_count),
        .entry_o        (p_entry),
        .next_o         (p_next),
        .reach_o        (p_reach),
        .own_ph1_o      (own_ph1),
        .own_ph_reach_o (own_ph_reach),
        .rest_ph_o      (rest_ph),
        .claim_in_o     (claim_in),
        .w_emit_o       (w_emit),
        .w_set_o        (w_set)
    );

    // =====================================================================
    // TAG: the whole row, with the write of the clock before merged
    // =====================================================================
    // The FSM's two comparisons that involve other values than the way's
    // own are made a clock ahead: which ways hold the tuple's tag, and how
    // the ways' counts order, on S2A's merged row, registered.  The way the
    // decision of the clock before wrote (now in W) is compared anew: its
    // count against the others' in S2B, from registers, and its tag a clock
    // ahead, by that decision itself, which knows the next event's tag
    // (S2A's) and whether it writes the key or keeps a way's tag.
    wire                  t_valid, t_emit;
    wire [COL_W-1:0]      t_col;
    wire [NCOL-1:0]       t_sel;     // t_col as a one-hot vector
    wire [COUNT_BITS-1:0] t_count;
    wire [HW-1:0]         t_emit_count, t_discard;
    wire [7:0]            t_edge;
    wire [EW-1:0]         t_entry;
    generate
        if (OPT_TAGGED != 0) begin : g_tag
            // the ways of a set share all column bits from WAYS_LOG2 up
            wire [COL_W-1:0] set_bits = {COL_W{1'b1}} << ways_log2_i;
            function [NCOL-1:0] set_of(input [COL_W-1:0] col);
                integer j;
                begin
                    for (j = 0; j < NCOL; j = j + 1)
                        set_of[j] = ((j[COL_W-1:0] ^ col) & set_bits) == {COL_W{1'b0}};
                end
            endfunction
            // the fields of a row, column k's at k
            function [COUNT_BITS-1:0] count_at(input [NCOL*EW-1:0] row, input integer col);
                count_at = row[col*EW +: COUNT_BITS];
            endfunction
            function [TAG_BITS_MAX-1:0] tag_at(input [NCOL*EW-1:0] row, input integer col);
                tag_at = row[col*EW + T_LSB +: TAG_BITS_MAX];
            endfunction
            // an entry's count + miss (the flags' cm_i)
            function [HW-1:0] cm_of(input [EW-1:0] e);
                reg unused_e;   // the valid bit and the tag
                begin
                    cm_of    = {1'b0, e[COUNT_BITS-1:0]} + {{(HW - MISS_BITS){1'b0}}, e[M_LSB +: MISS_BITS]};
                    unused_e = ^e;
                end
            endfunction

            // ---- S2A: the S2A event's set, its matches, the counts' order
            // Each pair's order is compared four ways, the RAM's word or the
            // write's in either column, and selected after by where the
            // columns' words come from: the RAM's count reaches a comparator
            // with no multiplexer in front
            wire [NCOL-1:0]      a_in_set = set_of(a_col);
            wire [NCOL-1:0]      a_from_wr = a_from_w | a_from_w2 | a_from_w3;
            reg  [NCOL-1:0]      a_match;
            reg  [NCOL*NCOL-1:0] a_le;
            reg                  le_rr, le_wr, le_rw, le_ww;
            integer i, j;
            always @* begin
                a_le = {(NCOL * NCOL){1'b0}};
                for (i = 0; i < NCOL; i = i + 1) begin
                    a_match[i] = a_in_set[i] && a_row[i*EW + V_LSB] && tag_at(a_row, i) == tag_qa;
                    for (j = i + 1; j < NCOL; j = j + 1) begin
                        le_rr = count_at(a_ram_row, i) <= count_at(a_ram_row, j);
                        le_wr = count_at(a_wr_row, i) <= count_at(a_ram_row, j);
                        le_rw = count_at(a_ram_row, i) <= count_at(a_wr_row, j);
                        le_ww = count_at(a_wr_row, i) <= count_at(a_wr_row, j);
                        a_le[i*NCOL + j] = a_from_wr[i] ? (a_from_wr[j] ? le_ww : le_wr)
                                                        : (a_from_wr[j] ? le_rw : le_rr);
                    end
                end
            end
            // each way against the thresholds (sp_tag_flags), which are
            // configuration: registered here, like rate_m1_q
            localparam NF = `SP_TAG_NF;
            // at the count's width and one more bit: while events flow,
            // EVICT_HITS <= RATE <= 2^COUNT_BITS (spec 8.6, E_CONFIG)
            reg  [HW-1:0] thr_r2_q, thr_e1_q, thr_e2_q;
            wire [HW-1:0] thr_r1 = rate_m1_q;
            // RATE and EVICT_HITS at most 1 or 2: a count of 0 or 1 reaches them
            reg           r_le1_q, r_le2_q, e_le1_q, e_le2_q;
            // REPLACE_MISSES - 1 (at least 1 while events flow: E_CONFIG)
            reg  [3:0]    rm_m1_q;
            wire [16:0]   rate17  = {1'b0, rate_i};
            wire [16:0]   evict17 = {1'b0, evict_hits_i};
            wire [16:0]   r2_17   = (rate17 >= 17'd2) ? rate17 - 17'd2 : 17'd0;
            wire [16:0]   e1_17   = evict17 - 17'd1;
            wire [16:0]   e2_17   = (evict17 >= 17'd2) ? evict17 - 17'd2 : 17'd0;
            wire unused_thr_high = ^{r2_17 >> HW, e1_17 >> HW, e2_17 >> HW};   // 0 while events flow
            always @(posedge clk_i) begin
                thr_r2_q <= r2_17[HW-1:0];
                thr_e1_q <= e1_17[HW-1:0];
                thr_e2_q <= e2_17[HW-1:0];
                r_le1_q  <= rate17 <= 17'd1;
                r_le2_q  <= rate17 <= 17'd2;
                e_le1_q  <= evict17 <= 17'd1;
                e_le2_q  <= evict17 <= 17'd2;
                rm_m1_q  <= replace_misses_i - 4'd1;
            end
            // The flags of the merged row are those of the word each column
            // takes: the RAM's, compared as it leaves the RAM (no merge in
            // front of the adder), or a write's, whose flags come from
            // registers (W's made on W below, W2's and W3's kept as W's were
            // a clock and two before: the thresholds are steady while events
            // flow), selected after the comparisons.
            wire [NCOL*NF-1:0] a_flags, ram_flags;
            reg  [NF-1:0]      w_flags_all;   // W's word against the thresholds (below)
            reg  [NF-1:0]      w2_flags_q, w3_flags_q;
            genvar g;
            for (g = 0; g < NCOL; g = g + 1) begin : g_a_flags
                sp_tag_flags #(.COUNT_BITS(COUNT_BITS), .MISS_BITS(MISS_BITS), .CM_READY(0)) u_flags (
                    .count_i (a_ram_row[g*EW +: COUNT_BITS]),
                    .miss_i  (a_ram_row[g*EW + M_LSB +: MISS_BITS]),
                    .cm_i    ({HW{1'b0}}),
                    .thr_r1_i(thr_r1), .thr_r2_i(thr_r2_q), .thr_e1_i(thr_e1_q), .thr_e2_i(thr_e2_q),
                    .flags_o (ram_flags[g*NF +: NF])
                );
                assign a_flags[g*NF +: NF] = a_from_w[g] ? w_flags_all : a_from_w2[g] ? w2_flags_q :
                                             a_from_w3[g] ? w3_flags_q : ram_flags[g*NF +: NF];
            end
            always @(posedge clk_i) begin
                w2_flags_q <= w_flags_all;
                w3_flags_q <= w2_flags_q;
            end
            wire unused_a_ram_row = ^a_ram_row;   // the flags read its counts and misses alone

            reg [NCOL-1:0]      b_in_set_q, b_match_q;
            reg [NCOL*NCOL-1:0] b_le_q;
            reg [NCOL*NF-1:0]   b_flags_q;
            always @(posedge clk_i) begin
                b_in_set_q <= a_in_set;
                b_match_q  <= a_match;
                b_le_q     <= a_le;
                b_flags_q  <= a_flags;
            end

            // ---- S2B: the row with W merged, and the comparisons with W
            // W's row hit and column apart: the proofs' forwarding reads them
            wire unused_w_hit = ^{b_w_row_hit, w_sel};
            reg [NCOL*EW-1:0]   row_fw;
            reg [NCOL-1:0]      w_here;      // column k is W's, and W hits this row
            reg [NCOL-1:0]      match;
            reg [NCOL*NCOL-1:0] le;
            reg [NCOL*NF-1:0]   flags;       // the ways' flags, W's as said below
            reg                 w_match_q;   // W holds this event's tag (worked out by W's decision)
            // W's way against the thresholds as W's decision left it (F_A1,
            // F_C1, F_E1 of its new contents, worked out by that decision)
            reg                 w_hit_sat_q, w_cm_sat_q, w_evict_ge_q;
            wire [COUNT_BITS-1:0] w_count = w_data[COUNT_BITS-1:0];
            // W's count + miss, kept by W's decision: W's flags below then
            // start with their comparisons, not with an adder after W
            reg  [HW-1:0]       w_cm_q;
            // W's other flags, which only the flags of what this decision
            // leaves read
            wire [NF-1:0]       w_flags;
            sp_tag_flags #(.COUNT_BITS(COUNT_BITS), .MISS_BITS(MISS_BITS)) u_w_flags (
                .count_i (w_count),
                .miss_i  (w_data[M_LSB +: MISS_BITS]),
                .cm_i    (w_cm_q),
                .thr_r1_i(thr_r1), .thr_r2_i(thr_r2_q), .thr_e1_i(thr_e1_q), .thr_e2_i(thr_e2_q),
                .flags_o (w_flags)
            );
            // all of W's flags: the three its decision handed on, the rest
            // compared here
            always @* begin
                w_flags_all                = w_flags;
                w_flags_all[`SP_TAG_F_A1] = w_hit_sat_q;
                w_flags_all[`SP_TAG_F_C1] = w_cm_sat_q;
                w_flags_all[`SP_TAG_F_E1] = w_evict_ge_q;
            end
            // each way's sums, on the registered row and on W apart, W's
            // taken after the adders: count + 1, count + miss, and count +
            // miss + 1 as one adder ({c, 1} + {m, 1} is twice it)
            localparam HB = HW * 3;
            function [HB-1:0] sums(input [COUNT_BITS-1:0] c, input [MISS_BITS-1:0] m);
                // bit 0 is the two carried-in ones' sum, 0 (waived, not read)
                /* verilator lint_off UNUSEDSIGNAL */
                reg [HW:0] cm1;
                /* verilator lint_on UNUSEDSIGNAL */
                begin
                    cm1  = {1'b0, c, 1'b1} + {{(HW - MISS_BITS){1'b0}}, m, 1'b1};
                    sums = {cm1[HW:1], {1'b0, c} + {{(HW - MISS_BITS){1'b0}}, m},
                            {1'b0, c} + {{COUNT_BITS{1'b0}}, 1'b1}};
                end
            endfunction
            wire [HB-1:0] w_sums = sums(w_count, w_data[M_LSB +: MISS_BITS]);
            reg  [NCOL*HW-1:0] f_hit, f_cm, f_replaced;
            reg  [HB-1:0]      way_sums;
            always @* begin
                row_fw = b_row;
                le     = b_le_q;
                flags  = b_flags_q;
                for (i = 0; i < NCOL; i = i + 1) begin
                    w_here[i] = b_w_here[i];
                    if (w_here[i]) row_fw[i*EW +: EW] = w_data;
                    if (w_here[i]) flags[i*NF +: NF] = w_flags_all;
                    match[i] = w_here[i] ? (b_in_set_q[i] && w_match_q) : b_match_q[i];
                    way_sums = w_here[i] ? w_sums
                                         : sums(count_at(b_row, i), b_row[i*EW + M_LSB +: MISS_BITS]);
                    {f_replaced[i*HW +: HW], f_cm[i*HW +: HW], f_hit[i*HW +: HW]} = way_sums;
                end
                for (i = 0; i < NCOL; i = i + 1)
                    for (j = i + 1; j < NCOL; j = j + 1)
                        if (w_here[i])
                            le[i*NCOL + j] = w_count <= count_at(b_row, j);
                        else if (w_here[j])
                            le[i*NCOL + j] = count_at(b_row, i) <= w_count;
            end

            wire [NCOL*COUNT_BITS-1:0]   f_count;
            wire [NCOL-1:0]              f_valid;
            wire [NCOL*TAG_BITS_MAX-1:0] f_tag;
            wire [NCOL*MISS_BITS-1:0]    f_miss;
            wire [TAG_BITS_MAX-1:0]      n_tag;
            wire [MISS_BITS-1:0]         n_miss;
            wire [HW-1:0]                n_cm;
            wire                         t_key;
            wire                         n_hit_sat, n_cm_sat, n_evict_ge;
            genvar k;
            for (k = 0; k < NCOL; k = k + 1) begin : g_f
                assign f_count[k*COUNT_BITS +: COUNT_BITS]   = row_fw[k*EW +: COUNT_BITS];
                assign f_valid[k]                            = row_fw[k*EW + V_LSB];
                assign f_tag[k*TAG_BITS_MAX +: TAG_BITS_MAX] = row_fw[k*EW + T_LSB +: TAG_BITS_MAX];
                assign f_miss[k*MISS_BITS +: MISS_BITS]      = row_fw[k*EW + M_LSB +: MISS_BITS];
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
                .in_set_i        (b_in_set_q),
                .match_i         (match),
                .le_i            (le),
                .hit_i           (f_hit),
                .cm_i            (f_cm),
                .replaced_i      (f_replaced),
                .flags_i         (flags),
                .rate_le1_i      (r_le1_q),
                .rate_le2_i      (r_le2_q),
                .evict_le1_i     (e_le1_q),
                .evict_le2_i     (e_le2_q),
                .key_i           (tag_qb),
                .replace_m1_i    (rm_m1_q),
                .discard_i       (discard_i),
                .sel_o           (t_sel),
                .col_o           (t_col),
                .count_o         (t_count),
                .valid_o         (t_valid),
                .tag_o           (n_tag),
                .tag_key_o       (t_key),
                .miss_o          (n_miss),
                .cm_o            (n_cm),
                .emit_o          (t_emit),
                .emit_count_o    (t_emit_count),
                .discard_o       (t_discard),
                .edge_o          (t_edge),
                .next_hit_sat_o  (n_hit_sat),
                .next_cm_sat_o   (n_cm_sat),
                .next_evict_ge_o (n_evict_ge)
            );
            wire [EW+TAG_EW-1:0] t_wide = {{EW{1'b0}}, n_miss, n_tag, t_valid, t_count};
            wire unused_t_wide = ^t_wide[EW+TAG_EW-1:EW];
            assign t_entry = t_wide[EW-1:0];

            // ---- the next event (in S2A now) against the way this decision
            // writes: its tag is this event's (the key) or the way's own
            reg w_match_d;
            always @* begin
                w_match_d = 1'b0;
                for (i = 0; i < NCOL; i = i + 1)
                    if (t_sel[i] && tag_at(row_fw, i) == tag_qa) w_match_d = 1'b1;
                if (t_key) w_match_d = tag_qb == tag_qa;
                w_match_d = w_match_d && t_valid;
            end
            always @(posedge clk_i) w_match_q <= w_match_d;

            // W's way as its decision left it, flagged by that decision
            always @(posedge clk_i) begin
                w_hit_sat_q  <= n_hit_sat;
                w_cm_sat_q   <= n_cm_sat;
                w_evict_ge_q <= n_evict_ge;
                w_cm_q       <= n_cm;
            end
`ifdef SP_ASSERT
`ifndef FORMAL
            // Checked in every simulation; the whole-block proof leaves them
            // out (its induction would need the look-ahead flags tied to W
            // at every clock, which it does not have yet), the tag_fsm proof
            // proves the flags the decision hands on.
            // the flags the decision takes are those of its row with W
            // merged, W's three taken from its decision included
            wire [NCOL*NF-1:0] chk_flags;
            for (g = 0; g < NCOL; g = g + 1) begin : g_chk_flags
                sp_tag_flags #(.COUNT_BITS(COUNT_BITS), .MISS_BITS(MISS_BITS)) u_chk (
                    .count_i (row_fw[g*EW +: COUNT_BITS]),
                    .miss_i  (row_fw[g*EW + M_LSB +: MISS_BITS]),
                    .cm_i    (cm_of(row_fw[g*EW +: EW])),
                    .thr_r1_i(thr_r1), .thr_r2_i(thr_r2_q), .thr_e1_i(thr_e1_q), .thr_e2_i(thr_e2_q),
                    .flags_o (chk_flags[g*NF +: NF])
                );
            end
            reg [NCOL*NCOL-1:0] chk_le;
            always @* begin
                chk_le = {(NCOL * NCOL){1'b0}};
                for (i = 0; i < NCOL; i = i + 1)
                    for (j = i + 1; j < NCOL; j = j + 1)
                        chk_le[i*NCOL + j] = count_at(row_fw, i) <= count_at(row_fw, j);
            end
            always @(posedge clk_i) begin
                if (!rst_i && valid_qb && is_tag) assert (flags == chk_flags);
                // and the counts' order
                if (!rst_i && valid_qb && is_tag) assert (le == chk_le);
                // what W's decision handed on is W's way's, when the next
                // event may read it
                if (!rst_i && a_w_en && valid_qb && is_tag)
                    assert ({w_hit_sat_q, w_cm_sat_q, w_evict_ge_q} ==
                            {w_flags[`SP_TAG_F_A1], w_flags[`SP_TAG_F_C1], w_flags[`SP_TAG_F_E1]});
                // and the sum it kept is W's count + miss
                if (!rst_i && a_w_en && is_tag)
                    assert (w_cm_q == cm_of(w_data));
                // the thresholds are configuration's, steady while events
                // flow in TAG (where E_CONFIG keeps EVICT_HITS <= RATE)
                if (!rst_i && is_tag && (valid_qr || valid_qa || valid_qb))
                    assert (thr_e1_q == e1_17[HW-1:0] &&
                            thr_e2_q == e2_17[HW-1:0] && thr_r2_q == r2_17[HW-1:0] &&
                            r_le2_q == (rate17 <= 17'd2) && e_le2_q == (evict17 <= 17'd2) &&
                            rm_m1_q == replace_misses_i - 4'd1);
            end
`endif
`endif
        end else begin : g_no_tag
            assign t_col        = {COL_W{1'b0}};
            assign t_sel        = {NCOL{1'b0}};
            assign t_count      = {COUNT_BITS{1'b0}};
            assign t_valid      = 1'b0;
            assign t_emit       = 1'b0;
            assign t_emit_count = {HW{1'b0}};
            assign t_discard    = {HW{1'b0}};
            assign t_edge       = 8'd0;
            assign t_entry      = {EW{1'b0}};
            // the thresholds and the whole row only matter to the tagged compressor
            wire unused_tag = ^{evict_hits_i, replace_misses_i, discard_i, ways_log2_i, b_row, tag_qb, w_sel,
                                a_col, b_w_row_hit, b_w_here, t_valid, t_count, t_entry, a_ram_row, a_wr_row, a_from_w,
                                a_from_w2, a_from_w3};
`ifdef SP_ASSERT
            wire unused_a_w_en = a_w_en;   // the tagged compressor's checks read it
`endif
        end
    endgenerate

    // =====================================================================
    // HTP
    // =====================================================================
    wire          h_emit;
    wire [HW-1:0] h_emit_count, h_count_in;
    wire [EW-1:0] h_entry;
    generate
        if (OPT_HTP != 0) begin : g_htp
            sp_htp #(
                .COUNT_BITS  (COUNT_BITS),
                .TAG_BITS_MAX(TAG_BITS_MAX),
                .EW          (EW),
                .V_LSB       (V_LSB),
                .T_LSB       (T_LSB),
                .R_LSB       (R_LSB),
                .H_LSB       (H_LSB)
            ) u_htp (
                .clk_i          (clk_i),
                .rate_m1_i      (rate_m1_q),
                .a_entry_i      (a_entry),
                .a_tag_i        (tag_qa),
                .b_entry_i      (b_entry),
                .b_tag_i        (tag_qb),
                .w_data_i       (w_data),
                .b_w_entry_hit_i(b_w_entry_hit),
                .next_i         (p_next),
                .reach_i        (p_reach),
                .own_ph1_i      (own_ph1),
                .own_ph_reach_i (own_ph_reach),
                .rest_ph_i      (rest_ph),
                .claim_in_i     (claim_in),
                .emit_o         (h_emit),
                .emit_count_o   (h_emit_count),
                .entry_o        (h_entry),
                .count_in_o     (h_count_in)
            );
        end else begin : g_no_htp
            assign h_emit       = 1'b0;
            assign h_emit_count = {HW{1'b0}};
            assign h_count_in   = {HW{1'b0}};
            assign h_entry      = {EW{1'b0}};
            // what the draw prepares for a claim, the owner's tests
            wire unused_claim = ^{own_ph1, own_ph_reach, rest_ph, claim_in, tag_qa, p_next, p_reach,
                                  a_entry};
        end
    endgenerate

    // =====================================================================
    // the mode's decision
    // =====================================================================
    assign new_entry = is_tag ? t_entry : is_htp ? h_entry : p_entry;
    // non-TAG modes write the entry they read
    assign wr_col    = is_tag ? t_col : b_col;
    assign wr_sel    = is_tag ? t_sel : b_sel;

    // ---- the event reported: S2B's, or in CR and HCR the one in W
    // The tuples A_k looks up ahead move one tap a clock in any mode, so
    // each tap's choice follows the one before it a clock later (the mode
    // itself changes only with nothing in flight).
    wire          valid_qw;
    wire [TW-1:0] tuple_qw;
    wire          late_ahead, late_pre;   // the taps a stage later (CR, HCR)
    generate
        if (OPT_CR != 0) begin : g_window_late
            reg          valid_q, ahead_q, pre_q;
            reg [TW-1:0] tuple_q;
            always @(posedge clk_i) begin
                valid_q <= valid_qb && is_window;
                tuple_q <= tuple_qb;
                ahead_q <= is_window;
                pre_q   <= ahead_q;
                if (rst_i) valid_q <= 1'b0;
            end
            assign valid_qw   = valid_q;
            assign tuple_qw   = tuple_q;
            assign late_ahead = ahead_q;
            assign late_pre   = pre_q;
        end else begin : g_no_window_late
            assign valid_qw   = 1'b0;
            assign tuple_qw   = {TW{1'b0}};
            assign late_ahead = 1'b0;
            assign late_pre   = 1'b0;
            wire unused_w_emit = w_emit;
        end
    endgenerate
    wire          valid_s2   = is_window ? valid_qw : valid_qb;
    wire          s_emit     = is_window ? w_emit : p_emit;   // the samplers' message
    wire          emit       = is_tag ? t_emit : is_htp ? h_emit : s_emit;
    wire [HW-1:0] emit_count = is_tag ? t_emit_count : is_htp ? h_emit_count : p_emit_count;
    wire [HW-1:0] discarded  = is_tag ? t_discard : {HW{1'b0}};

    assign s2_valid_o      = valid_s2;
    assign s2_tuple_o      = late_pre ? tuple_qw : tuple_qb;
    // The modes that do not count every event are the samplers' (R, HR, CR,
    // HCR): their counts come from sp_samplers' decision alone, so the
    // tagged compressor's, the slowest, reaches none of these.
    assign s2_counted_o    = valid_s2 && (counts_one || s_emit);
    assign s2_skipped_o    = valid_s2 && !counts_one && !s_emit;
    assign s2_count_in_o   = !valid_s2 ? {HW{1'b0}} :
                             is_htp ? h_count_in :
                             counts_one ? {{COUNT_BITS{1'b0}}, 1'b1} :
                             s_emit ? rate_h : {HW{1'b0}};
    assign s2_res_inc_o    = valid_s2 && counts_one;
    assign s2_discard_o    = valid_s2 ? discarded : {HW{1'b0}};
    assign s2_emit_o       = valid_s2 && emit;
    assign s2_emit_count_o = emit_count;
    assign s2_fsm_o        = (valid_qb && is_tag) ? t_edge : 8'd0;

    // =====================================================================
    // registers
    // =====================================================================
    reg          valid_q3;
    reg [TW-1:0] tuple_q3;
    reg [HW-1:0] count_q3;
    always @(posedge clk_i) begin
        tuple_qr <= s1h_tuple_i;
        tag_qr   <= s1h_tag_i;
        tuple_qa <= tuple_qr;
        tag_qa   <= tag_qr;
        tuple_qb <= tuple_qa;
        tag_qb   <= tag_qa;
        valid_q3 <= valid_s2 && emit;
        tuple_q3 <= s2_tuple_o;
        count_q3 <= emit_count;
        if (rst_i) valid_q3 <= 1'b0;
    end

    assign inflight_o  = table_inflight;
    assign s1r_tuple_o = is_window ? tuple_qa : tuple_qr;
    assign s2a_tuple_o = late_ahead ? tuple_qb : tuple_qa;
    assign s3_valid_o  = valid_q3;
    assign s3_tuple_o  = tuple_q3;
    assign s3_count_o  = count_q3;

`ifdef FORMAL
    assign f_s1r_valid_o = valid_qr;
    assign f_s2a_valid_o = valid_qa;
    assign f_s2b_wait_o  = valid_qb && is_window;
    assign f_w_en_o      = f_w_en;
`endif

`ifdef SP_ASSERT
    assign a_counts_o = counts_one;

`ifdef FORMAL
    // ---- the table's shape in each counting mode, as it will be once W
    // lands: the fields a mode does not count are 0, a stored count is
    // below RATE; in HTP an Empty entry holds nothing; the tagged
    // compressor's ways as the tag_fsm proof assumes and keeps them (an
    // Empty way's carry below REPLACE_MISSES and no misses, misses below
    // REPLACE_MISSES)
    localparam F_V = (HAS_V != 0) ? V_LSB : 0;  // the valid bit, where there is one
    localparam [31:0] F_COUNT_MASK = (32'd1 << COUNT_BITS) - 32'd1;
    localparam [31:0] F_MISS_MASK  = (MB > 0) ? (32'd1 << MISS_BITS) - 32'd1 : 32'd0;
    localparam [31:0] F_REST_MASK  = (RB > 0) ? F_COUNT_MASK : 32'd0;
    // an entry's {rest, miss, count}, 32 bits each
    function [95:0] fields(input [EW-1:0] e);
        reg [EW+31:0] x, y, z;
        begin
            x      = {32'd0, e};
            y      = {32'd0, e} >> M_LSB;
            z      = {32'd0, e} >> R_LSB;
            fields = {z[31:0] & F_REST_MASK, y[31:0] & F_MISS_MASK, x[31:0] & F_COUNT_MASK};
        end
    endfunction
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
            f_next[kd*EW +: EW] = (f_w_en && w_sel[kd / (1 << ROW_W)] && f_w_row == kd % (1 << ROW_W))
                                  ? w_data | w_set : f_table[kd*EW +: EW];
        f_shape = 1'b1;
        for (kd = 0; kd < F_N; kd = kd + 1)
            if (!shaped(fields(f_next[kd*EW +: EW]), f_next[kd*EW + F_V], is_periodic, is_tag, is_htp,
                        {16'd0, rate_i}, {28'd0, replace_misses_i}))
                f_shape = 1'b0;
    end
    assign f_shape_o = f_shape;

`ifdef SP_FORMAL_ASSUME_TABLE
    // ---- the table proof's property, given (the whole-block proof only,
    // verif/formal/README.md): an event in S2B decides on the row as the
    // table will hold it once W lands, and so does its own entry
    wire [NCOL*EW-1:0] f_row_now;
    genvar kf;
    generate
        for (kf = 0; kf < NCOL; kf = kf + 1) begin : g_f_now
            localparam [COL_W-1:0] KF = kf;
            assign f_row_now[kf*EW +: EW] = (f_w_en && f_w_row == f_b_row && w_sel[KF]) ? w_data | w_set :
                                            f_table[(kf * (1 << ROW_W) + f_b_row) * EW +: EW];
        end
    endgenerate
    // the row forwarded, with the late bits W's word lacks (sp_table's
    // w_set_i): W's own, and those S2A's merge left out, a clock later
    reg  [NCOL-1:0]    f_b_from_w_q;
    reg  [EW-1:0]      f_late_q;
    always @(posedge clk_i) begin
        f_b_from_w_q <= a_from_w;
        f_late_q     <= w_set;
    end
    wire [NCOL*EW-1:0] f_row_fw;
    genvar kg;
    generate
        for (kg = 0; kg < NCOL; kg = kg + 1) begin : g_f_fw
            localparam [COL_W-1:0] KG = kg;
            assign f_row_fw[kg*EW +: EW] = (b_w_row_hit && w_sel[KG]) ? w_data | w_set :
                                           b_row[kg*EW +: EW] | (f_b_from_w_q[kg] ? f_late_q : {EW{1'b0}});
        end
    endgenerate
    always @* begin
        if (!rst_i && valid_qb) assume (f_row_fw == f_row_now);
    end
`else
    wire unused_f_b_row = ^f_b_row;
`endif
`endif

    always @(posedge clk_i) begin
        if (!rst_i) begin
            // RATE does not change while events are in flight
            if (valid_qr || valid_qa || valid_qb) assert (rate_m1_q == rate_h - {{COUNT_BITS{1'b0}}, 1'b1});
        end
    end
`endif

endmodule

`resetall
