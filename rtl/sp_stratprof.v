// SPDX-License-Identifier: Apache-2.0
/*
 * sp_stratprof.v - top level of the stratprof profiling block
 * (docs/spec.md; micro-architecture in docs/rtl.md).
 *
 * A processor hands in profile tuples; the block compresses them into
 * messages <tuple, count> (samplers or tagged compressor, then optionally
 * A_k), queues them and interrupts software, which pops them through the
 * Wishbone registers.  The pipeline takes one tuple per clock in every mode:
 *
 *   port -> tuple queue -> S0 S-box read -> S1 hash, fold (-> S1X, S1F with
 *        the ECP5's RAM output registers) -> S1H row read, draw -> S1R RAM
 *        -> S2A row arrives, merged -> S2B decide, write back -> S3 A_k
 *        -> S4 -> output queue -> MSG_HEAD
 *
 * This file holds the input port (its credits counted by sp_credits), the
 * wiring of the stages, the S4 register in front of the output queue, the
 * snapshot-during-flush rule, STATUS.BUSY, and the message ring's place
 * behind the output queue (sp_ring, spec 8.8): with the ring on, its writer
 * pops the queue instead of MSG_HEAD, and FLUSH_DONE waits for the flush's
 * last message to be in memory.
 *
 * Credits: every tuple emits at most one message (spec 6), so the port
 * takes a tuple for compression only if it can reserve an output-queue
 * slot for it.  resv_q counts the slots in use or promised: messages in the
 * queue and in S4, tuples in the tuple queue, S0..S2B, and messages in S3.
 * A reservation is returned when its event ends without a message (S2 or
 * A_k absorbs it) and when software pops the message, a clock late.  So
 * the queue never overflows and, under the stall policy, the message stream
 * does not depend on timing.
 *
 * Under `FORMAL (read_verilog -formal; the proofs in verif/formal/ only)
 * the f_*_o ports show where tuples, messages and reservations are and the
 * states in which the pipeline must be empty, for the whole-block proof.
 * No other flow defines FORMAL, so no other sees them.
 */
`resetall
`default_nettype none
`include "sp_regs.vh"

module sp_stratprof #(
    parameter WORD_BITS     = 32,  // 32 or 64
    parameter TABLE_AW      = 12,  // log2 of the counter-table entries, 0..12
    parameter WAYS_LOG2_MAX = 2,   // log2 of the most TAG ways, 0..3
    parameter TAG_BITS_MAX  = 8,   // widest tag, 1..8
    parameter COUNT_BITS    = 16,  // counter-table count field, 1..16
    parameter MISS_BITS     = 4,   // tagged miss counter, 2..4
    parameter OPT_TAGGED    = 1,   // build the tagged compressor
    parameter OPT_CR        = 1,   // build CR and HCR
    parameter OPT_HTP       = 1,   // build the tagged stratified sampler HTP
    parameter ASSOC_K       = 16,  // entries of A_k, 1..64
    parameter OQ_AW         = 8,   // log2 of the output queue depth, 1..12
    parameter TQ_AW         = 4,   // log2 of the tuple queue depth
    parameter ACC_BITS      = 64,  // accounting counter width, 32..64
    parameter FILTER_N      = 8,   // entries of the PC filter, 0..16
    parameter RING_AW       = 16,  // log2 of the largest message ring, 0..16; 0: no ring
    parameter ASSOC_COUNT_BITS = 28, // A_k's count width: MSG_HEAD.COUNT's 28 (spec 6); COUNT_BITS + 2..27 only to verify its overflow
    parameter OPT_ECP5      = 0    // 1: built for the ECP5: its block RAM cells with their output registers, its LUT RAM (the ECP5 synthesis sets it; docs/rtl.md)
) (
    input  wire                 clk_i,
    input  wire                 rst_i,
    input  wire                 tuple_valid_i,
    output wire                 tuple_ready_o,
    input  wire [2:0]           tuple_kind_i,
    input  wire [WORD_BITS-1:0] tuple_word0_i,
    input  wire [WORD_BITS-1:0] tuple_word1_i,
    input  wire                 wb_cyc_i,     // Wishbone B4 classic slave, 32-bit
    input  wire                 wb_stb_i,
    input  wire                 wb_we_i,
    input  wire [11:0]          wb_adr_i,     // byte address within the block's 4 KiB window
    input  wire [31:0]          wb_dat_i,
    input  wire [3:0]           wb_sel_i,     // ignored: every access is a whole register
    output wire                 wb_ack_o,
    output wire [31:0]          wb_dat_o,
    output wire                 irq_o,
    output wire                 ring_cyc_o,   // Wishbone B4 classic master, 32-bit: the message ring (spec 8.8)
    output wire                 ring_stb_o,
    output wire                 ring_we_o,
    output wire [31:0]          ring_adr_o,   // byte address, a multiple of 4
    output wire [31:0]          ring_dat_o,
    output wire [3:0]           ring_sel_o,
    input  wire                 ring_ack_i,
    input  wire                 ring_err_i,
    output wire                 obs_drop_o,   // the tuple handshaken this cycle was dropped (drop policy)
    output wire [7:0]           obs_fsm_o     // tagged transitions this cycle, bit i = enum sp_fsm_edge i (E1,E2,E3,E4,E5,E5A,E6,E6A); E1+E2 sets both
`ifdef FORMAL
    // where a tuple or its message is: the tuple queue, S1 (a filtered one
    // too), S1H, S1R, S2A, S2 (S2B), S3, S4 and the output queue; a write to the table
    , output wire [TQ_AW:0]       f_tq_count_o
    , output wire                 f_s1_valid_o
    , output wire                 f_s1_filtered_o
    , output wire                 f_s1h_valid_o
    , output wire                 f_s1r_valid_o
    , output wire                 f_s2a_valid_o
    , output wire                 f_s2b_wait_o
    , output wire                 f_s2_valid_o
    , output wire                 f_s3_valid_o
    , output wire                 f_s4_valid_o
    , output wire [OQ_AW:0]       f_oq_count_o
    , output wire                 f_w_en_o
    // the reservations, and those being returned a clock late: A_k absorbed
    // a message (S4), S2 ended an event without one, software popped one
    , output wire [OQ_AW:0]       f_resv_o
    , output wire                 f_s4_absorbed_o
    , output wire                 f_rel_s2_o
    , output wire                 f_rel_pop_o
    // A_k: its output (a flush message, or a victim), the entries held,
    // flushing, its histories (sp_assoc)
    , output wire                 f_ak_valid_o
    , output wire                 f_ak_flush_o
    , output wire [6:0]           f_ak_used_o
    , output wire                 f_flushing_o
    , output wire [2:0]           f_flush_moved_o
    , output wire [2:0]           f_calm_o
    // sp_acc's inputs still to be applied, and EV_IN modulo 2^32
    , output wire                 f_acc_ign_o
    , output wire                 f_acc_drop_o
    , output wire                 f_acc_filt_o
    , output wire                 f_acc_s2_o
    , output wire                 f_acc_ak_o
    , output wire                 f_acc_b_s2_o
    , output wire                 f_acc_b_any_o
    , output wire [31:0]          f_ev_in_o
    // the registers: ENABLE, stopped in the clock before, a write in its
    // wait cycle, a table clear or a flush taking effect
    , output wire                 f_enable_o
    , output wire                 f_stopped_o
    , output wire                 f_wwait_o
    , output wire                 f_clear_o
    , output wire                 f_flush_start_o
    // the init sweep: busy, zeroing a row, its count, writing an S-box copy
    , output wire                 f_sweep_busy_o
    , output wire                 f_sweep_active_o
    , output wire [SWEEP_CW-1:0]  f_sweep_cnt_o
    , output wire                 f_sweep_sbox_we_o
`endif
);

    // ---- parameter checks (spec 10).  A build that breaks a rule instantiates
    // a module named after the rule, which does not exist: every tool stops at
    // elaboration and names it (Verilog-2005 has no elaboration-time $error).
    generate
        if (WORD_BITS != 32 && WORD_BITS != 64) begin : g_bad_word_bits
            sp_stratprof_WORD_BITS_must_be_32_or_64 u_error ();
        end
        if (TABLE_AW < 0 || TABLE_AW > 12) begin : g_bad_table_aw
            sp_stratprof_TABLE_AW_must_be_0_to_12 u_error ();
        end
        if (WAYS_LOG2_MAX < 0 || WAYS_LOG2_MAX > 3) begin : g_bad_ways_log2_max
            sp_stratprof_WAYS_LOG2_MAX_must_be_0_to_3 u_error ();
        end
        if (TAG_BITS_MAX < 1 || TAG_BITS_MAX > 8) begin : g_bad_tag_bits_max
            sp_stratprof_TAG_BITS_MAX_must_be_1_to_8 u_error ();
        end
        if (COUNT_BITS < 1 || COUNT_BITS > 16) begin : g_bad_count_bits
            sp_stratprof_COUNT_BITS_must_be_1_to_16 u_error ();
        end
        if (MISS_BITS < 2 || MISS_BITS > 4 || MISS_BITS > COUNT_BITS) begin : g_bad_miss_bits
            sp_stratprof_MISS_BITS_must_be_2_to_4_and_at_most_COUNT_BITS u_error ();
        end
        if ((OPT_TAGGED != 0 && OPT_TAGGED != 1) || (OPT_CR != 0 && OPT_CR != 1) ||
            (OPT_HTP != 0 && OPT_HTP != 1)) begin : g_bad_opts
            sp_stratprof_OPT_TAGGED_OPT_CR_and_OPT_HTP_must_be_0_or_1 u_error ();
        end
        if (ASSOC_K < 1 || ASSOC_K > 64) begin : g_bad_assoc_k
            sp_stratprof_ASSOC_K_must_be_1_to_64 u_error ();
        end
        if (OQ_AW < 1 || OQ_AW > 12) begin : g_bad_oq_aw
            sp_stratprof_OQ_AW_must_be_1_to_12 u_error ();
        end
        if (ACC_BITS < 32 || ACC_BITS > 64) begin : g_bad_acc_bits
            sp_stratprof_ACC_BITS_must_be_32_to_64 u_error ();
        end
        if (FILTER_N < 0 || FILTER_N > 16) begin : g_bad_filter_n
            sp_stratprof_FILTER_N_must_be_0_to_16 u_error ();
        end
        if (TQ_AW < 1 || TQ_AW > 12) begin : g_bad_tq_aw
            sp_stratprof_TQ_AW_must_be_1_to_12 u_error ();
        end
        if (RING_AW < 0 || RING_AW > 16) begin : g_bad_ring_aw
            sp_stratprof_RING_AW_must_be_0_to_16 u_error ();
        end
        if (OPT_ECP5 != 0 && OPT_ECP5 != 1) begin : g_bad_opt_ecp5
            sp_stratprof_OPT_ECP5_must_be_0_or_1 u_error ();
        end
        if (ASSOC_COUNT_BITS < COUNT_BITS + 2 || ASSOC_COUNT_BITS > `SP_MSG_COUNT_BITS) begin : g_bad_assoc_count_bits
            sp_stratprof_ASSOC_COUNT_BITS_must_be_COUNT_BITS_plus_2_to_the_message_count_width u_error ();
        end
    endgenerate

    // ---- sizes
    localparam TW     = 3 + 2 * WORD_BITS;        // a tuple {kind, word0, word1}
    localparam CW     = `SP_MSG_COUNT_BITS;       // a message's count (MSG_HEAD.COUNT)
    localparam MW     = TW + CW;                  // a queued message {tuple, count}
    localparam HW     = COUNT_BITS + 1;           // a stage-1 message count
    localparam IDX_W  = (TABLE_AW > 0) ? TABLE_AW : 1;
    localparam COL_AW = (WAYS_LOG2_MAX < TABLE_AW) ? WAYS_LOG2_MAX : TABLE_AW;
    localparam ROW_AW = TABLE_AW - COL_AW;
    localparam ROW_W  = (ROW_AW > 0) ? ROW_AW : 1;
    localparam RAW    = (RING_AW > 0) ? RING_AW : 1;  // the ring's pointers, RAW + 1 bits
    // a queue in ECP5 block RAM cells takes their output register (sp_ram_sdp
    // uses cells from 64 words on; smaller ones are LUT RAM, read fast)
    localparam TQ_OUT_REG = (OPT_ECP5 != 0 && TQ_AW >= 6) ? 1 : 0;
    // the tuple queue's input register: where the PC filter has a verdict to add
    localparam TQ_IN_REG  = (FILTER_N > 0) ? 1 : 0;
    localparam OQ_OUT_REG = (OPT_ECP5 != 0 && OQ_AW >= 6) ? 1 : 0;
    localparam [OQ_AW:0] OQ_DEPTH = {1'b1, {OQ_AW{1'b0}}};
    localparam [OQ_AW:0] ONE      = 1;
`ifdef FORMAL
    localparam SWEEP_CW = (ROW_W > 8) ? ROW_W : 8;  // sp_sweep's count
`endif

    localparam [2:0] S_P = `SP_SAMPLER_P, S_CR = `SP_SAMPLER_CR, S_TAG = `SP_SAMPLER_TAG;

    // ---- registers
    wire          enable, drop_policy, assoc_en, discard;
    wire [2:0]    sampler;
    wire [15:0]   rate, evict_hits;
    wire [3:0]    index_bits, tag_bits, replace_misses;
    wire [1:0]    ways_log2;
    wire          reg_clear, reg_flush, reg_snapshot, seed_wr, sbox_wr, reg_pop;
    wire [31:0]   seed_data;
    wire [7:0]    sbox_addr, sbox_raddr, sbox_wdata, sbox_rdata;
    wire [3:0]    acc_index;
    wire          acc_hi;
    wire [31:0]   acc_data;

    // ---- status
    wire          busy, flushing, ak_flush_done, flush_done, acc_busy;
    wire [OQ_AW:0] oq_count;
    wire          oq_head_valid, oq_full, oq_settling;
    wire [MW-1:0] oq_head;

    // =====================================================================
    // input port (spec 8.4) and credits
    // =====================================================================
    wire [OQ_AW:0] resv_q;         // slots reserved (sp_credits)
    wire [TQ_AW:0] tq_count;
    wire           tq_full, tq_head_valid, tq_settling;
    wire [TW-1:0]  tq_head;
    wire           tq_filtered;    // the head tuple matched the PC filter at the port
    wire           s0_take;

    wire           resv_full_q;    // resv_q == OQ_DEPTH, registered with it
    wire [OQ_AW:0] free_q;         // OQ_DEPTH - resv_q, kept beside it
    wire can_take  = !resv_full_q && !tq_full;
    wire ready     = !rst_i && (!enable || can_take || drop_policy);
    wire handshake = tuple_valid_i && ready;
    wire ignored   = handshake && !enable;
    wire dropped   = handshake && enable && !can_take;
    // written out flat: taken feeds the credit adder, the longest path here
    wire taken     = tuple_valid_i && !rst_i && enable && can_take;

    assign tuple_ready_o = ready;
    assign obs_drop_o    = dropped;

    // The PC filter (spec 8.7) compares at the port, so a tuple sees the
    // entries of the clock it is taken in.  Its per-entry results are
    // registered; the tuple queue holds a taken tuple a clock in its input
    // register and writes it from there with their OR, so no comparison
    // stands between the port and the queue's RAM (without a filter the
    // queue writes at the push, the verdict 0).  A filtered tuple still
    // takes its slot in the tuple queue and its credit (the input policy
    // comes first), and S0 drops it.
    wire          tq_in_valid;
    wire [TW:0]   tq_in_data;
    wire [15:0]   filter_hit_q;
    wire [3:0]  filter_sel;
    wire        filter_ctrl_we, filter_lo_we, filter_hi_we;
    wire [31:0] filter_data, filter_ctrl, filter_lo, filter_hi, filter_hits;
    sp_filter #(
        .FILTER_N (FILTER_N),
        .WORD_BITS(WORD_BITS)
    ) u_filter (
        .clk_i    (clk_i),
        .rst_i    (rst_i),
        .sel_i    (filter_sel),
        .ctrl_we_i(filter_ctrl_we),
        .lo_we_i  (filter_lo_we),
        .hi_we_i  (filter_hi_we),
        .data_i   (filter_data),
        .ctrl_o   (filter_ctrl),
        .lo_o     (filter_lo),
        .hi_o     (filter_hi),
        .hits_o   (filter_hits),
        .kind_i   (tuple_kind_i),
        .word0_i  (tuple_word0_i),
        .take_i   (taken),
        .hit_q_o  (filter_hit_q)
    );
    wire unused_tq_in = tq_in_valid ^ tq_in_data[TW];

    sp_fifo #(
        .AW        (TQ_AW),
        .DW        (TW + 1),
        .OUT_REG   (TQ_OUT_REG),
        .OPT_DP16KD(OPT_ECP5),
        .IN_REG    (TQ_IN_REG)
    ) u_tq (
        .clk_i       (clk_i),
        .rst_i       (rst_i),
        .push_i      (taken),
        .data_i      ({1'b0, tuple_kind_i, tuple_word0_i, tuple_word1_i}),
        .in_valid_o  (tq_in_valid),
        .in_data_o   (tq_in_data),
        .wdata_i     ({|filter_hit_q, tq_in_data[TW-1:0]}),
        .pop_i       (s0_take),
        .head_valid_o(tq_head_valid),
        .head_o      ({tq_filtered, tq_head}),
        .count_o     (tq_count),
        .full_o      (tq_full),
        .settling_o  (tq_settling)
`ifdef FORMAL
        , .f_rd_ptr_o(), .f_mem_o(), .f_pipe_valid_o(), .f_pipe_data_o()
`endif
    );

    // =====================================================================
    // S0 and S1: S-box and hash
    // =====================================================================
    wire sweep_busy, sweep_table_we, sweep_sbox_we;
    wire [ROW_W-1:0] sweep_row;
    wire [7:0] rom_addr, rom_data, sweep_sbox_addr;

    // S0 takes the head of the tuple queue except while the table is swept
    assign s0_take = tq_head_valid && !sweep_busy;

    // a filtered tuple ends here: counted (sp_acc) and its credit returned a clock later
    wire         s0_filtered = s0_take && tq_filtered;
    reg          valid_q1, filtered_q1;
    always @(posedge clk_i) begin
        valid_q1    <= s0_take && !tq_filtered;
        filtered_q1 <= s0_filtered;
        if (rst_i) begin
            valid_q1    <= 1'b0;
            filtered_q1 <= 1'b0;
        end
    end

    // Hash width: P and CR use entry 0; TAG hashes to the set.  Registered
    // (it is configuration: written only while stopped, and no tuple reaches
    // the hash sooner than two clocks after such a write, the ENABLE write
    // coming after it), so the subtraction stays off the index path.
    reg [3:0] fold_bits_d, fold_bits_q;
    always @* begin
        if (sampler == S_P || sampler == S_CR) fold_bits_d = 4'd0;
        else if (sampler == S_TAG) fold_bits_d = index_bits - {2'b00, ways_log2};
        else fold_bits_d = index_bits;
    end
    always @(posedge clk_i) fold_bits_q <= fold_bits_d;

    wire [IDX_W-1:0]        s1h_index;
    wire [TAG_BITS_MAX-1:0] s1h_tag;

    // S1X and S1F (OPT_ECP5 only): the S-box bytes pass the block RAMs'
    // output registers, and the fold has a clock of its own (sp_hash)
    wire valid_qf;      // the event entering S1H
    wire valid_hx;      // an event in S1X or S1F
    generate
        if (OPT_ECP5 != 0) begin : g_s1x
            reg valid_qx, valid_q;
            always @(posedge clk_i) begin
                valid_qx <= valid_q1;
                valid_q  <= valid_qx;
                if (rst_i) begin
                    valid_qx <= 1'b0;
                    valid_q  <= 1'b0;
                end
            end
            assign valid_qf = valid_q;
            assign valid_hx = valid_qx || valid_q;
        end else begin : g_no_s1x
            assign valid_qf = valid_q1;
            assign valid_hx = 1'b0;
        end
    endgenerate

    sp_hash #(
        .WORD_BITS   (WORD_BITS),
        .INDEX_W     (IDX_W),
        .TAG_BITS_MAX(TAG_BITS_MAX),
        .OPT_DP16KD  (OPT_ECP5)
    ) u_hash (
        .clk_i       (clk_i),
        .s0_kind_i   (tq_head[TW-1 -: 3]),
        .s0_word0_i  (tq_head[WORD_BITS +: WORD_BITS]),
        .s0_word1_i  (tq_head[0 +: WORD_BITS]),
        .index_bits_i(fold_bits_q),
        .tag_bits_i  (tag_bits),
        .index_o     (s1h_index),
        .tag_o       (s1h_tag),
        .wr_i        (sweep_sbox_we || sbox_wr),
        .wr_addr_i   (sweep_sbox_we ? sweep_sbox_addr : sbox_addr),
        .wr_data_i   (sweep_sbox_we ? rom_data : sbox_wdata),
        .bus_addr_i  (sbox_raddr),
        .bus_data_o  (sbox_rdata),
        .rom_addr_i  (rom_addr),
        .rom_data_o  (rom_data)
    );

    // S1H: sp_hash has the index and the tag in registers; the tuple is
    // the one S0 took two clocks before (four with S1X and S1F).  Nothing reads it
    // on the way, and every stage moves every clock, so on the ECP5 it waits
    // in LUT RAM written in S0 and read out into S1H's register (a
    // free-running pointer: the read is the write the delay ago), and
    // elsewhere, where a small RAM would take a block RAM, in registers.
    reg                    valid_qh;
    wire [TW-1:0]          tuple_qh;
    always @(posedge clk_i) begin
        valid_qh <= valid_qf;
        if (rst_i) valid_qh <= 1'b0;
    end
    generate
        if (OPT_ECP5 != 0) begin : g_tuple_delay
            localparam [1:0] BEHIND = 3;   // S0 writes, S1, S1X and S1F pass, the read lands in S1H
            reg [1:0] ptr_q;
            always @(posedge clk_i) ptr_q <= ptr_q + 2'd1;
            sp_ram_sdp #(
                .AW(2),
                .DW(TW)
            ) u_delay (
                .clk_i   (clk_i),
                .we_i    (1'b1),
                .waddr_i (ptr_q),
                .wdata_i (tq_head),
                .rd_en_i (1'b1),
                .raddr_i (ptr_q - BEHIND),
                .out_en_i(1'b1),
                .rdata_o (tuple_qh)
`ifdef FORMAL
                , .f_mem_o(), .f_rdata1_o()
`endif
            );
        end else begin : g_tuple_regs
            reg [TW-1:0] tuple_q1, tuple_q;
            always @(posedge clk_i) begin
                tuple_q1 <= tq_head;
                tuple_q  <= tuple_q1;
            end
            assign tuple_qh = tuple_q;
        end
    endgenerate

    sp_sweep #(
        .ROW_AW (ROW_AW),
        .ROM_LAT(1 + OPT_ECP5)
    ) u_sweep (
        .clk_i      (clk_i),
        .rst_i      (rst_i),
        .clear_i    (reg_clear),
        .busy_o     (sweep_busy),
        .table_we_o (sweep_table_we),
        .table_row_o(sweep_row),
        .rom_addr_o (rom_addr),
        .sbox_we_o  (sweep_sbox_we),
        .sbox_addr_o(sweep_sbox_addr)
`ifdef FORMAL
        , .f_cnt_o  (f_sweep_cnt_o)
`endif
    );

    // =====================================================================
    // S1, S2: stage 1 of the spec
    // =====================================================================
    wire          s2_valid, s2_counted, s2_skipped, s2_res_inc, s2_emit;
    wire [HW-1:0] s2_count_in, s2_discard, s2_emit_count;
    wire [7:0]    s2_fsm;
    wire [TW-1:0] s2_tuple;
    wire          s1r_busy;
    wire [TW-1:0] s1r_tuple, s2a_tuple;
    wire          s3_valid;
    wire [TW-1:0] s3_tuple;
    wire [HW-1:0] s3_count;
`ifdef SP_ASSERT
    // the counts the table holds (W's write included), from the sweep after
    // reset on; whether the mode keeps counts of events there
    wire [31:0]   a_table_held, a_w_delta;
    wire          a_table_known, a_table_counts;
`endif
`ifdef FORMAL
    wire [(1 << ROW_W)-1:0] f_row_zero;  // the table's rows that hold 0
    wire          f_table_shape;          // its words shaped as the mode has them
`endif

    sp_stage1 #(
        .WORD_BITS    (WORD_BITS),
        .TABLE_AW     (TABLE_AW),
        .WAYS_LOG2_MAX(WAYS_LOG2_MAX),
        .TAG_BITS_MAX (TAG_BITS_MAX),
        .COUNT_BITS   (COUNT_BITS),
        .MISS_BITS    (MISS_BITS),
        .OPT_TAGGED   (OPT_TAGGED),
        .OPT_CR       (OPT_CR),
        .OPT_HTP      (OPT_HTP),
        .OPT_DP16KD   (OPT_ECP5)
    ) u_stage1 (
        .clk_i           (clk_i),
        .rst_i           (rst_i),
        .sampler_i       (sampler),
        .rate_i          (rate),
        .ways_log2_i     (ways_log2),
        .evict_hits_i    (evict_hits),
        .replace_misses_i(replace_misses),
        .discard_i       (discard),
        .s1h_valid_i     (valid_qh),
        .s1h_tuple_i     (tuple_qh),
        .s1h_index_i     (s1h_index),
        .s1h_tag_i       (s1h_tag),
        .seed_wr_i       (seed_wr),
        .seed_data_i     (seed_data),
        .inflight_o      (s1r_busy),
        .s1r_tuple_o     (s1r_tuple),
        .s2a_tuple_o     (s2a_tuple),
        .clear_i         (sweep_table_we),
        .clear_row_i     (sweep_row),
        .s2_valid_o      (s2_valid),
        .s2_tuple_o      (s2_tuple),
        .s2_counted_o    (s2_counted),
        .s2_skipped_o    (s2_skipped),
        .s2_count_in_o   (s2_count_in),
        .s2_res_inc_o    (s2_res_inc),
        .s2_discard_o    (s2_discard),
        .s2_emit_o       (s2_emit),
        .s2_emit_count_o (s2_emit_count),
        .s2_fsm_o        (s2_fsm),
        .s3_valid_o      (s3_valid),
        .s3_tuple_o      (s3_tuple),
        .s3_count_o      (s3_count)
`ifdef SP_ASSERT
        , .a_held_o      (a_table_held)
        , .a_known_o     (a_table_known)
        , .a_counts_o    (a_table_counts)
        , .a_w_delta_o   (a_w_delta)
`endif
`ifdef FORMAL
        , .f_s1r_valid_o (f_s1r_valid_o)
        , .f_s2a_valid_o (f_s2a_valid_o)
        , .f_s2b_wait_o  (f_s2b_wait_o)
        , .f_w_en_o      (f_w_en_o)
        , .f_row_zero_o  (f_row_zero)
        , .f_shape_o     (f_table_shape)
`endif
    );

    assign obs_fsm_o = s2_fsm;

    // =====================================================================
    // S3: A_k (stage 2 of the spec) or straight on to the output queue
    // =====================================================================
    wire          ak_valid, ak_flush;
    wire [TW-1:0] ak_tuple;
    wire [CW-1:0] ak_count;
    wire [6:0]    ak_used;
    wire          room = !resv_full_q;
`ifdef SP_ASSERT
    wire [ASSOC_COUNT_BITS+6:0] a_ak_held;  // the counts A_k holds
`endif

    sp_assoc #(
        .WORD_BITS(WORD_BITS),
        .ASSOC_K  (ASSOC_K),
        .IN_BITS  (HW),
        .COUNT_BITS(ASSOC_COUNT_BITS)
    ) u_assoc (
        .clk_i        (clk_i),
        .rst_i        (rst_i),
        .early_tuple_i(s1r_tuple),
        .ahead_tuple_i(s2a_tuple),
        .pre_tuple_i  (s2_tuple),
        .in_valid_i   (s3_valid && assoc_en),
        .in_tuple_i   (s3_tuple),
        .in_count_i   (s3_count),
        .flush_start_i(reg_flush),
        .room_i       (room),
        .out_valid_o  (ak_valid),
        .out_tuple_o  (ak_tuple),
        .out_count_o  (ak_count),
        .out_flush_o  (ak_flush),
        .flushing_o   (flushing),
        .flush_done_o (ak_flush_done),
        .used_o       (ak_used)
`ifdef SP_ASSERT
        , .a_held_o   (a_ak_held)
`endif
`ifdef FORMAL
        , .f_flush_moved_o(f_flush_moved_o)
        , .f_calm_o       (f_calm_o)
`endif
    );

    // S4: one register in front of the output queue, so that neither the A_k
    // logic nor the stage-1 decision drives the queue RAM or the credit adder
    reg           valid_q4, absorbed_q4, rel_s2_q;
    reg  [MW-1:0] msg_q4;
    always @(posedge clk_i) begin
        valid_q4    <= ak_valid || (s3_valid && !assoc_en);
        // selected by the mode, not by ak_valid: A_k's overflow test is the
        // end of a long path and only needs to reach valid_q4
        msg_q4      <= (assoc_en || ak_flush) ? {ak_tuple, ak_count}
                                              : {s3_tuple, {(CW - HW){1'b0}}, s3_count};
        // reservations returned by events that end without a message
        absorbed_q4 <= s3_valid && assoc_en && !ak_valid;
        rel_s2_q    <= s2_valid && !s2_emit;
        if (rst_i) begin
            valid_q4    <= 1'b0;
            absorbed_q4 <= 1'b0;
            rel_s2_q    <= 1'b0;
        end
    end

    // the output queue writes a message at its push (no input register)
    wire          oq_in_valid;
    wire [MW-1:0] oq_in_data;
    wire unused_oq_in = oq_in_valid;
    sp_fifo #(
        .AW        (OQ_AW),
        .DW        (MW),
        .OUT_REG   (OQ_OUT_REG),
        .OPT_DP16KD(OPT_ECP5)
    ) u_oq (
        .clk_i       (clk_i),
        .rst_i       (rst_i),
        .push_i      (valid_q4),
        .data_i      (msg_q4),
        .in_valid_o  (oq_in_valid),
        .in_data_o   (oq_in_data),
        .wdata_i     (oq_in_data),
        .pop_i       (pop),
        .head_valid_o(oq_head_valid),
        .head_o      (oq_head),
        .count_o     (oq_count),
        .full_o      (oq_full),
        .settling_o  (oq_settling)
`ifdef FORMAL
        , .f_rd_ptr_o(), .f_mem_o(), .f_pipe_valid_o(), .f_pipe_data_o()
`endif
    );

    // =====================================================================
    // the message ring (spec 8.8): its writer pops the output queue
    // =====================================================================
    wire           ring_en, ring_clear, ring_pop, ring_full, ring_active, ring_err;
    wire [31:0]    ring_base, ring_err_adr;
    wire [RAW:0]   ring_size, ring_pmask, ring_rp, ring_wp;
    generate
        if (RING_AW > 0) begin : g_ring
            sp_ring #(
                .WORD_BITS(WORD_BITS),
                .RING_AW  (RING_AW)
            ) u_ring (
                .clk_i       (clk_i),
                .rst_i       (rst_i),
                .enable_i    (ring_en),
                .base_i      (ring_base),
                .size_i      (ring_size),
                .pmask_i     (ring_pmask),
                .rp_i        (ring_rp),
                .clear_i     (ring_clear),
                .head_valid_i(oq_head_valid),
                .head_i      (oq_head),
                .pop_o       (ring_pop),
                .wp_o        (ring_wp),
                .full_o      (ring_full),
                .active_o    (ring_active),
                .err_o       (ring_err),
                .err_adr_o   (ring_err_adr),
                .cyc_o       (ring_cyc_o),
                .stb_o       (ring_stb_o),
                .we_o        (ring_we_o),
                .adr_o       (ring_adr_o),
                .dat_o       (ring_dat_o),
                .sel_o       (ring_sel_o),
                .ack_i       (ring_ack_i),
                .err_i       (ring_err_i)
            );
        end else begin : g_no_ring
            assign ring_pop     = 1'b0;
            assign ring_wp      = {(RAW + 1){1'b0}};
            assign ring_full    = 1'b0;
            assign ring_active  = 1'b0;
            assign ring_err     = 1'b0;
            assign ring_err_adr = 32'd0;
            assign ring_cyc_o   = 1'b0;
            assign ring_stb_o   = 1'b0;
            assign ring_we_o    = 1'b0;
            assign ring_adr_o   = 32'd0;
            assign ring_dat_o   = 32'd0;
            assign ring_sel_o   = 4'd0;
            wire unused_ring = ^{ring_ack_i, ring_err_i, ring_en, ring_clear, ring_base, ring_size,
                                 ring_pmask, ring_rp};
        end
    endgenerate
    // software pops with MSG_HEAD, or the ring's writer does (never both:
    // MSG_HEAD pops nothing while the ring is on)
    wire pop = reg_pop || ring_pop;

    // With the ring on, a flush is done once its last message is in memory:
    // after A_k's last entry left (ak_flush_done), when S4, the queue and the
    // writer are empty, or when the ring is turned off (its messages are then
    // MSG_HEAD's).
    reg  flush_wait_q;
    wire flush_wait_end = flush_wait_q && (!ring_en || (!valid_q4 && oq_count == {(OQ_AW + 1){1'b0}} &&
                                                        !ring_active));
    always @(posedge clk_i) begin
        if (flush_wait_end) flush_wait_q <= 1'b0;
        if (ak_flush_done && ring_en) flush_wait_q <= 1'b1;
        if (rst_i) flush_wait_q <= 1'b0;
    end
    assign flush_done = (ak_flush_done && !ring_en) || flush_wait_end;

    // The ring's room as the credits see it: RING_WP steps with the pop, the
    // credit returns a clock later, so the room is taken from the RING_WP of
    // the clock before.  It is registered whole, with the RING_RP, RING_SIZE
    // and its mask of the clock before too, which are this clock's whenever
    // a snapshot can use them: they change only by bus writes, whose effects
    // are at least three clocks apart (sp_regs), and CMD.SNAPSHOT is one.  So
    // its two subtractions lie in a path of their own, not in front of the
    // snapshot's adder and comparisons.  The enable is this clock's: a bus
    // error turns the ring off at any clock.
    reg  [RAW:0] ring_room_q;
    always @(posedge clk_i) ring_room_q <= ring_size - ((ring_wp - ring_rp) & ring_pmask);
    wire [RAW:0] ring_room = ring_en ? ring_room_q : {(RAW + 1){1'b0}};

    // ---- credits (sp_credits): +1 per tuple taken or flush message; -1 per
    // event or A_k input that ended without a message, per filtered tuple
    // and per pop, each a clock late
    reg  pop_q;
    always @(posedge clk_i) pop_q <= pop && !rst_i;
    sp_credits #(
        .OQ_AW(OQ_AW)
    ) u_credits (
        .clk_i         (clk_i),
        .rst_i         (rst_i),
        .take_i        (taken || ak_flush),
        .ret_s2_i      (rel_s2_q),
        .ret_absorbed_i(absorbed_q4),
        .ret_pop_i     (pop_q),
        .ret_filtered_i(filtered_q1),
        .resv_o        (resv_q),
        .free_o        (free_q),
        .full_o        (resv_full_q)
    );

    // =====================================================================
    // snapshot during a flush
    // =====================================================================
    // The model's flush emits everything that fits at once, so a snapshot
    // written with (or during) a flush sees those messages already in the
    // queue.  The RTL emits one per clock; it requests the snapshot with the
    // last of them, owed = min(entries, free slots) counted at the command
    // (sp_acc applies a flush message and a snapshot request by the same
    // clock).  With the ring on, the free slots are the queue's and the
    // ring's room together: the writer moves messages from one to the other.  Pops that happen meanwhile make room for more, which the
    // model's snapshot would not include, so they do not move the target.
    // The owed count is stored as snap_owed_q - snap_sub_q: taking the flush
    // message of the command's clock off a clock later keeps the subtraction
    // out of the min(entries, free slots) path.
    reg        snap_pending_q;
    reg  [6:0] snap_owed_q;
    reg        snap_sub_q;
    wire [17:0] free_x  = {{(17 - OQ_AW){1'b0}}, free_q} + {{(17 - RAW){1'b0}}, ring_room};
    wire [17:0] used_x  = {11'd0, ak_used};
    wire [17:0] owed_x  = (used_x < free_x) ? used_x : free_x;
    wire        owed_one = snap_sub_q ? (snap_owed_q == 7'd2) : (snap_owed_q == 7'd1);
    // owed_now == 0, told from equality tests alone (this decides the enables);
    // without a ring the room is the queue's, told from resv_q; with one, from
    // the queue's free slots and the ring's room apart, not from their sum
    wire room_zero  = ring_room == {(RAW + 1){1'b0}};
    wire room_one   = ring_room == {{RAW{1'b0}}, 1'b1};
    wire free_zero  = free_q == {(OQ_AW + 1){1'b0}};
    wire free_one   = free_q == ONE;
    wire cap_zero   = (RING_AW > 0) ? free_zero && room_zero : resv_q == OQ_DEPTH;
    wire cap_one    = (RING_AW > 0) ? (free_one && room_zero) || (free_zero && room_one) : resv_q == OQ_DEPTH - ONE;
    wire flush_on   = reg_flush || flushing;
    wire min_zero   = ak_used == 7'd0 || cap_zero;
    wire min_one    = (ak_used == 7'd1 && !cap_zero) || (cap_one && ak_used != 7'd0);
    wire owed_zero  = !flush_on || min_zero || (min_one && ak_flush);
    wire snap_now  = reg_snapshot && owed_zero;
    wire snap_late = !reg_snapshot && snap_pending_q && ak_flush && owed_one;
    always @(posedge clk_i) begin
        if (snap_pending_q) begin
            snap_owed_q <= snap_owed_q - {6'd0, snap_sub_q} - {6'd0, ak_flush};
            snap_sub_q  <= 1'b0;
        end
        if (snap_now || snap_late) snap_pending_q <= 1'b0;
        if (reg_snapshot && !owed_zero) begin
            snap_pending_q <= 1'b1;
            snap_owed_q    <= owed_x[6:0];
            snap_sub_q     <= ak_flush;
        end
        if (rst_i) begin
            snap_pending_q <= 1'b0;
            snap_owed_q    <= 7'd0;
            snap_sub_q     <= 1'b0;
        end
    end
    wire unused_owed = ^owed_x[17:7];

    // =====================================================================
    // accounting
    // =====================================================================
`ifdef SP_ASSERT
    // COUNT_RES_TABLE and COUNT_RES_ASSOC once sp_acc's stages are applied
    wire [63:0] a_res_table, a_res_assoc;
    wire [HW-1:0] a_to_assoc;
    wire [31:0] a_table_step;
`endif
    sp_acc #(
        .HW      (HW),
        .ACC_BITS(ACC_BITS)
    ) u_acc (
        .clk_i            (clk_i),
        .rst_i            (rst_i),
        .port_ignored_i   (ignored),
        .port_dropped_i   (dropped),
        .filtered_i       (s0_filtered),
        .s2_valid_i       (s2_valid),
        .s2_counted_i     (s2_counted),
        .s2_skipped_i     (s2_skipped),
        .s2_count_in_i    (s2_count_in),
        .s2_res_inc_i     (s2_res_inc),
        .s2_discard_i     (s2_discard),
        .s2_emit_i        (s2_emit),
        .s2_assoc_i       (assoc_en),
        .s2_msg_count_i   (s2_emit_count),
        .assoc_out_i      (ak_valid && !ak_flush),
        .flush_out_i      (ak_flush),
        .assoc_out_count_i(ak_count),
        .clear_i          (reg_clear),
        .snapshot_i       (snap_now || snap_late),
        .busy_o           (acc_busy),
        .rd_index_i       (acc_index),
        .rd_hi_i          (acc_hi),
        .rd_data_o        (acc_data)
`ifdef FORMAL
        , .f_ign_o        (f_acc_ign_o)
        , .f_drop_o       (f_acc_drop_o)
        , .f_filt_o       (f_acc_filt_o)
        , .f_s2_o         (f_acc_s2_o)
        , .f_ak_o         (f_acc_ak_o)
        , .f_b_s2_o       (f_acc_b_s2_o)
        , .f_b_any_o      (f_acc_b_any_o)
        , .f_ev_in_o      (f_ev_in_o)
`endif
`ifdef SP_ASSERT
        , .a_res_table_o  (a_res_table)
        , .a_res_assoc_o  (a_res_assoc)
        , .a_to_assoc_o   (a_to_assoc)
        , .a_table_step_o (a_table_step)
`endif
    );

    // =====================================================================
    // STATUS.BUSY: the RTL is behind the model.  Tuples taken while enabled
    // are still queued or in flight (S1..S4, a table write not yet landed, a
    // reservation not yet returned),
    // the table is being swept, a flush has room to emit, a snapshot waits
    // for its flush, the accounting has inputs still to apply, or a message
    // is in the output queue but not yet at its head.  With BUSY = 0 every
    // register reads as the model's.
    // =====================================================================
    // With the ring on, also while a message waits in the queue and the ring
    // has room for it, an entry is being written, or a flush's FLUSH_DONE is
    // due: the model writes the ring at once.
    wire ring_busy = ring_active || (ring_en && oq_count != {(OQ_AW + 1){1'b0}} && !ring_full) ||
                     flush_wait_end;
    assign busy = tq_count != {(TQ_AW + 1){1'b0}} || valid_q1 || valid_hx || valid_qh || s1r_busy || s2_valid || s3_valid ||
                  valid_q4 || absorbed_q4 || rel_s2_q || filtered_q1 || sweep_busy || (flushing && room) ||
                  snap_pending_q || acc_busy || oq_settling || ring_busy;
    wire unused_status = ^{tq_settling, oq_full, wb_sel_i};

    // =====================================================================
    // registers and Wishbone
    // =====================================================================
    sp_regs #(
        .ACC_BITS     (ACC_BITS),
        .WORD_BITS    (WORD_BITS),
        .TABLE_AW     (TABLE_AW),
        .WAYS_LOG2_MAX(WAYS_LOG2_MAX),
        .TAG_BITS_MAX (TAG_BITS_MAX),
        .COUNT_BITS   (COUNT_BITS),
        .MISS_BITS    (MISS_BITS),
        .OPT_TAGGED   (OPT_TAGGED),
        .OPT_CR       (OPT_CR),
        .OPT_HTP      (OPT_HTP),
        .ASSOC_K      (ASSOC_K),
        .OQ_AW        (OQ_AW),
        .FILTER_N     (FILTER_N),
        .RING_AW      (RING_AW)
    ) u_regs (
        .clk_i           (clk_i),
        .rst_i           (rst_i),
        .wb_cyc_i        (wb_cyc_i),
        .wb_stb_i        (wb_stb_i),
        .wb_we_i         (wb_we_i),
        .wb_adr_i        (wb_adr_i),
        .wb_dat_i        (wb_dat_i),
        .wb_ack_o        (wb_ack_o),
        .wb_dat_o        (wb_dat_o),
        .oq_count_i      (oq_count),
        .oq_head_valid_i (oq_head_valid),
        .oq_head_i       (oq_head),
        .flushing_i      (flushing),
        .busy_i          (busy),
        .sbox_data_i     (sbox_rdata),
        .acc_data_i      (acc_data),
        .filter_ctrl_i   (filter_ctrl),
        .filter_lo_i     (filter_lo),
        .filter_hi_i     (filter_hi),
        .filter_hits_i   (filter_hits),
        .drop_i          (dropped),
        .flush_done_i    (flush_done),
        .ring_wp_i       (ring_wp),
        .ring_pop_i      (ring_pop),
        .ring_err_i      (ring_err),
        .ring_err_adr_i  (ring_err_adr),
        .enable_o        (enable),
        .drop_policy_o   (drop_policy),
        .sampler_o       (sampler),
        .assoc_en_o      (assoc_en),
        .discard_o       (discard),
        .rate_o          (rate),
        .index_bits_o    (index_bits),
        .ways_log2_o     (ways_log2),
        .tag_bits_o      (tag_bits),
        .evict_hits_o    (evict_hits),
        .replace_misses_o(replace_misses),
        .clear_o         (reg_clear),
        .flush_o         (reg_flush),
        .snapshot_o      (reg_snapshot),
        .seed_wr_o       (seed_wr),
        .seed_data_o     (seed_data),
        .sbox_wr_o       (sbox_wr),
        .sbox_addr_o     (sbox_addr),
        .sbox_raddr_o    (sbox_raddr),
        .sbox_wdata_o    (sbox_wdata),
        .pop_o           (reg_pop),
        .filter_sel_o    (filter_sel),
        .filter_ctrl_we_o(filter_ctrl_we),
        .filter_lo_we_o  (filter_lo_we),
        .filter_hi_we_o  (filter_hi_we),
        .filter_data_o   (filter_data),
        .acc_index_o     (acc_index),
        .acc_hi_o        (acc_hi),
        .ring_en_o       (ring_en),
        .ring_base_o     (ring_base),
        .ring_size_o     (ring_size),
        .ring_pmask_o    (ring_pmask),
        .ring_rp_o       (ring_rp),
        .ring_clear_o    (ring_clear),
        .irq_o           (irq_o)
`ifdef FORMAL
        , .f_stopped_o   (f_stopped_o)
        , .f_wwait_o     (f_wwait_o)
        , .f_code_o      ()
`endif
    );

`ifdef FORMAL
    assign f_tq_count_o      = tq_count;
    assign f_s1_valid_o      = valid_q1;
    assign f_s1_filtered_o   = filtered_q1;
    assign f_s1h_valid_o     = valid_qh;
    assign f_s2_valid_o      = s2_valid;
    assign f_s3_valid_o      = s3_valid;
    assign f_s4_valid_o      = valid_q4;
    assign f_oq_count_o      = oq_count;
    assign f_resv_o          = resv_q;
    assign f_s4_absorbed_o   = absorbed_q4;
    assign f_rel_s2_o        = rel_s2_q;
    assign f_rel_pop_o       = pop_q;
    assign f_ak_valid_o      = ak_valid;
    assign f_ak_flush_o      = ak_flush;
    assign f_ak_used_o       = ak_used;
    assign f_flushing_o      = flushing;
    assign f_enable_o        = enable;
    assign f_clear_o         = reg_clear;
    assign f_flush_start_o   = reg_flush;
    assign f_sweep_busy_o    = sweep_busy;
    assign f_sweep_active_o  = sweep_table_we;
    assign f_sweep_sbox_we_o = sweep_sbox_we;
`endif

`ifdef SP_ASSERT
    // ---- the resident counts are counts the block holds (spec 7), at every
    // clock: COUNT_RES_ASSOC is the sum of A_k's counts and of the S3
    // message on its way in; COUNT_RES_TABLE is the table's sum (W's write
    // included) in the modes that keep counts of events there, and 0 in the
    // others and while a sweep zeroes the table.  So a count A_k or the
    // table loses, or one that wraps, breaks L2's meaning here even where
    // the counters still balance.
    localparam [63:0] A_ACC_MASK = (ACC_BITS >= 64) ? {64{1'b1}} : (64'd1 << ACC_BITS) - 64'd1;
    wire [63:0] a_ak_in  = (s3_valid && assoc_en) ? {{(64 - HW){1'b0}}, s3_count} : 64'd0;
    wire [63:0] a_ak_due = ({{(57 - ASSOC_COUNT_BITS){1'b0}}, a_ak_held} + a_ak_in) & A_ACC_MASK;
    wire [63:0] a_table_due = {32'd0, a_table_held} & A_ACC_MASK;
    // The whole-block proof proves A_k's and takes the table's as given
    // (SP_FORMAL_ASSUME_TABLE, verif/formal/README.md): simulation checks
    // them at every clock.
`ifdef SP_FORMAL_ASSUME_TABLE
`define SP_TABLE_CHECK assume
`else
`define SP_TABLE_CHECK assert
`endif
    always @(posedge clk_i) begin
        if (!rst_i) begin
            assert (a_res_assoc == a_ak_due);
            if (sweep_busy || !a_table_counts) begin
                `SP_TABLE_CHECK (a_res_table == 64'd0);
            end else if (a_table_known) begin
                `SP_TABLE_CHECK (a_res_table == a_table_due);
            end
            // the message A_k takes in S3 is the one sp_acc counts into
            // RES_ASSOC in its first stage; the write in W changes the table
            // by what sp_acc's first stage moves into RES_TABLE
            assert ({{(64 - HW){1'b0}}, a_to_assoc} == a_ak_in);
            if (a_table_counts && !sweep_busy && a_table_known) `SP_TABLE_CHECK (a_w_delta == a_table_step);
        end
    end
`ifdef FORMAL
    // a sweep has zeroed the rows below its count (the table proof's
    // sum needs it: the induction starts from any state)
    integer a_r;
    always @* begin
        if (!rst_i && sweep_table_we)
            for (a_r = 0; a_r < (1 << ROW_W); a_r = a_r + 1)
                if (a_r < f_sweep_cnt_o) `SP_TABLE_CHECK (f_row_zero[a_r]);
        // and all of them once its table writes are over (the reset
        // sweep's last S-box write)
        if (!rst_i && sweep_busy && !sweep_table_we) `SP_TABLE_CHECK (&f_row_zero);
        // outside a sweep every word is shaped as the mode writes them
        if (!rst_i && !sweep_busy) `SP_TABLE_CHECK (f_table_shape);
    end
`endif
`undef SP_TABLE_CHECK

    always @(posedge clk_i) begin
        if (!rst_i) begin
            // the reservations cover the queue: it can never overflow
            assert (resv_q >= oq_count);
            assert (resv_q <= OQ_DEPTH);
            assert (resv_full_q == (resv_q == OQ_DEPTH));
            assert (free_q == OQ_DEPTH - resv_q);
            // at most one source pushes a message per clock
            assert (!(ak_valid && s3_valid && !assoc_en));
            assert (!(valid_q4 && oq_full));
            // the ring's writer works only with the ring on, which leaves
            // MSG_HEAD nothing to pop: one pop at a time
            if (ring_active) assert (ring_en);
            assert (!(reg_pop && ring_pop));
        end
    end
`endif

endmodule

`resetall
