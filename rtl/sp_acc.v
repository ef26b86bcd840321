// SPDX-License-Identifier: Apache-2.0
/*
 * sp_acc.v - the accounting counters of docs/spec.md section 7 and their
 * snapshot.
 *
 * Twelve 64-bit counters, zeroed only by reset.  Every input is registered
 * before it reaches an adder, and each counter gets exactly one addition per
 * clock, made as two 32-bit halves with the carry between them registered
 * (a 64-bit ripple carry alone is 37 ns on an iCE40):
 *   - events that can happen while the pipeline is idle (a tuple ignored or
 *     dropped at the port, a table clear, a flush message) are applied one
 *     clock after they happen;
 *   - pipeline events (an S2 decision, an A_k victim or overflow) two clocks
 *     after: the first clock works out, on a few bits, what each counter
 *     gains or loses (count + miss taken from the table, messages in and out
 *     of A_k).  The two kinds never overlap: a flush and a clear start only
 *     when the pipeline and these registers are empty.
 * Each change is a transfer between counters that keeps both conservation
 * laws, so L1 and L2 hold at every edge, not only when the block is
 * quiescent:
 *   - a tuple the port ignores or drops: EV_IN and EV_IGNORED / EV_DROPPED;
 *   - a tuple the PC filter stops (decided at the port, resolved when S0
 *     takes it off the tuple queue): EV_IN and EV_FILTERED, like a port event;
 *   - a tuple taken for compression: EV_IN with EV_COUNTED or EV_SKIPPED,
 *     COUNT_IN and COUNT_RES_TABLE, from its S2 decision;
 *   - a message S2 forms: to COUNT_RES_ASSOC when it goes to A_k (resident
 *     while on its way in), otherwise to COUNT_OUT and MSG_OUT (it lands in
 *     the queue a clock later than it is counted);
 *   - a message A_k emits: from COUNT_RES_ASSOC to COUNT_OUT and MSG_OUT;
 *   - a table clear: COUNT_RES_TABLE to COUNT_DISCARDED (the sweep that
 *     zeroes the RAM follows; no event can reach the table before it ends).
 * snapshot_i copies the counters as they are one clock after the request:
 * everything of the first kind up to the request cycle, none after it.
 * With the pipeline idle (STATUS.BUSY = 0) that is exactly the model's
 * snapshot; busy_o is high while pipeline events are still to be applied.
 *
 * With SP_ASSERT defined (simulation, or a formal run), immediate assertions check
 * L1 and L2 at every clock, so a testbench built with them (Verilator
 * --assert) checks the laws on every cycle, not only at snapshots; and the
 * balanced transfers behind them, stage by stage.
 *
 * Under `FORMAL (verif/formal/ only) the f_*_o ports show which inputs are
 * still to be applied and EV_IN's low word: the whole-block proof counts
 * the tuples in flight with them.
 */
`resetall
`default_nettype none
`include "sp_regs.vh"

module sp_acc #(
    // width of the per-event count inputs (COUNT_BITS + 1)
    parameter HW = 17,
    // counter width, 32..64: a narrower build counts modulo 2^ACC_BITS
    parameter ACC_BITS = 64
) (
    input  wire          clk_i,
    input  wire          rst_i,
    // input port
    input  wire          port_ignored_i,
    input  wire          port_dropped_i,
    // S0: a tuple the PC filter stopped leaves the tuple queue
    input  wire          filtered_i,
    // S2: the event decided this cycle
    input  wire          s2_valid_i,
    input  wire          s2_counted_i,
    input  wire          s2_skipped_i,
    input  wire [HW-1:0] s2_count_in_i,
    // the event keeps counts in the table (P, HP, TAG, HTP): its count_in
    // goes there, and its message's count leaves the table
    input  wire          s2_res_inc_i,
    input  wire [HW-1:0] s2_discard_i,
    // S2's message: into A_k (resident) or on its way to the queue (out)
    input  wire          s2_emit_i,
    input  wire          s2_assoc_i,
    input  wire [HW-1:0] s2_msg_count_i,
    // A_k's message this cycle: a victim or an overflow (assoc_out_i), or a
    // flush message (flush_out_i); its count
    input  wire          assoc_out_i,
    input  wire          flush_out_i,
    input  wire [`SP_MSG_COUNT_BITS-1:0] assoc_out_count_i,
    // accepted table clear
    input  wire          clear_i,
    // snapshot request (see above)
    input  wire          snapshot_i,
    // inputs not yet applied
    output wire          busy_o,
    // snapshot read: counter rd_index_i (0..11), high word when rd_hi_i;
    // rd_data_o is the word selected in the clock before
    input  wire [3:0]    rd_index_i,
    input  wire          rd_hi_i,
    output reg  [31:0]   rd_data_o
`ifdef FORMAL
    // stage A: a port event, a filtered tuple, an S2 event, an A_k message
    , output wire          f_ign_o
    , output wire          f_drop_o
    , output wire          f_filt_o
    , output wire          f_s2_o
    , output wire          f_ak_o
    // stage B: an S2 event, anything still to apply
    , output wire          f_b_s2_o
    , output wire          f_b_any_o
    // EV_IN modulo 2^32
    , output wire [31:0]   f_ev_in_o
`endif
`ifdef SP_ASSERT
    // COUNT_RES_TABLE and COUNT_RES_ASSOC as they will be once the transfers
    // in the stages are applied (modulo 2^ACC_BITS): sp_stratprof checks
    // them against what the table and A_k hold
    , output wire [63:0]   a_res_table_o
    , output wire [63:0]   a_res_assoc_o
    // what stage A moves: the S2 message into A_k, and RES_TABLE's change
    , output wire [HW-1:0] a_to_assoc_o
    , output wire [31:0]   a_table_step_o
`endif
);

    // the counters, in the register map's order (enum sp_acc)
    localparam N = `SP_ACC_COUNT;
    localparam EV_IN = `SP_ACC_EV_IN, EV_IGNORED = `SP_ACC_EV_IGNORED, EV_DROPPED = `SP_ACC_EV_DROPPED,
               EV_SKIPPED = `SP_ACC_EV_SKIPPED, EV_COUNTED = `SP_ACC_EV_COUNTED, COUNT_IN = `SP_ACC_COUNT_IN,
               COUNT_OUT = `SP_ACC_COUNT_OUT, COUNT_RES_TABLE = `SP_ACC_COUNT_RES_TABLE,
               COUNT_RES_ASSOC = `SP_ACC_COUNT_RES_ASSOC, COUNT_DISCARDED = `SP_ACC_COUNT_DISCARDED,
               MSG_OUT = `SP_ACC_MSG_OUT, EV_FILTERED = `SP_ACC_EV_FILTERED;
    // a message's count width (MSG_HEAD.COUNT)
    localparam CW = `SP_MSG_COUNT_BITS;


    // ---- stage A: the inputs, one clock later
    reg          ign_q, drop_q, filt_q, s2_q, cnt_q, skip_q, res_inc_q, emit_q, assoc_q;
    reg          ak_q, fl_q, clear_q, snap_q1;
    reg [HW-1:0] cin_q, disc_q, msg_q;
    reg [CW-1:0] ak_count_q;
    always @(posedge clk_i) begin
        ign_q      <= port_ignored_i;
        drop_q     <= port_dropped_i;
        filt_q     <= filtered_i;
        s2_q       <= s2_valid_i;
        cnt_q      <= s2_counted_i;
        skip_q     <= s2_skipped_i;
        res_inc_q  <= s2_res_inc_i;
        emit_q     <= s2_emit_i;
        assoc_q    <= s2_assoc_i;
        ak_q       <= assoc_out_i;
        fl_q       <= flush_out_i;
        clear_q    <= clear_i;
        snap_q1    <= snapshot_i;
        cin_q      <= s2_count_in_i;
        disc_q     <= s2_discard_i;
        msg_q      <= s2_msg_count_i;
        ak_count_q <= assoc_out_count_i;
        if (rst_i) begin
            ign_q     <= 1'b0;
            drop_q    <= 1'b0;
            filt_q    <= 1'b0;
            s2_q      <= 1'b0;
            cnt_q     <= 1'b0;
            skip_q    <= 1'b0;
            res_inc_q <= 1'b0;
            emit_q    <= 1'b0;
            ak_q      <= 1'b0;
            fl_q      <= 1'b0;
            clear_q   <= 1'b0;
            snap_q1   <= 1'b0;
            cin_q     <= {HW{1'b0}};
            disc_q    <= {HW{1'b0}};
        end
    end

    // ---- stage B: what each counter gains from the pipeline, on a few bits.
    // Sources that cannot coincide (a flush runs with the pipeline empty) are
    // merged with an OR.
    wire          to_assoc = emit_q && assoc_q;
    wire          to_queue = emit_q && !assoc_q;
    wire [HW-1:0] kept     = (res_inc_q && emit_q) ? msg_q : {HW{1'b0}};
    // COUNT_RES_TABLE: the event's count units (1, or 1 and HTP's phases),
    // minus what its message and the discard took
    wire [HW+1:0] table_dec   = {2'b00, kept} + {2'b00, disc_q};
    wire [HW+1:0] table_gain  = res_inc_q ? {2'b00, cin_q} : {(HW + 2){1'b0}};
    wire [HW+1:0] table_delta = table_gain - table_dec;
    // COUNT_RES_ASSOC: the S2 message in, A_k's message out (both in one clock)
    wire [CW+1:0] assoc_in    = {{(CW + 2 - HW){1'b0}}, to_assoc ? msg_q : {HW{1'b0}}};
    wire [CW+1:0] assoc_out   = {2'b00, ak_q ? ak_count_q : {CW{1'b0}}};
    wire [CW+1:0] assoc_delta = assoc_in - assoc_out;
    wire [CW-1:0] out_add     = (to_queue ? {{(CW - HW){1'b0}}, msg_q} : {CW{1'b0}}) |
                                (ak_q ? ak_count_q : {CW{1'b0}});

    reg          b_s2_q, b_cnt_q, b_skip_q, b_msg_q, b_any_q;
    reg [HW-1:0] b_cin_q, b_disc_q;
    reg [HW+1:0] b_table_q;
    reg [CW+1:0] b_assoc_q;
    reg [CW-1:0] b_out_q;
    always @(posedge clk_i) begin
        b_s2_q    <= s2_q;
        b_cnt_q   <= cnt_q;
        b_skip_q  <= skip_q;
        b_msg_q   <= to_queue || ak_q;
        b_any_q   <= s2_q || ak_q;
        b_cin_q   <= cin_q;
        b_disc_q  <= disc_q;
        b_table_q <= table_delta;
        b_assoc_q <= assoc_delta;
        b_out_q   <= out_add;
        if (rst_i) begin
            b_s2_q    <= 1'b0;
            b_cnt_q   <= 1'b0;
            b_skip_q  <= 1'b0;
            b_msg_q   <= 1'b0;
            b_any_q   <= 1'b0;
            b_cin_q   <= {HW{1'b0}};
            b_disc_q  <= {HW{1'b0}};
            b_table_q <= {(HW + 2){1'b0}};
            b_assoc_q <= {(CW + 2){1'b0}};
            b_out_q   <= {CW{1'b0}};
        end
    end
    assign busy_o = s2_q || ak_q || b_any_q || clear_q || filt_q;

    // ---- one addition per counter, split in two 32-bit halves
    // A counter is {hi + cy, lo}: the low half adds the increment's low word
    // and keeps its carry out in cy; the high half adds the increment's high
    // word and the carry of the clock before.  No carry chain is longer than
    // 32 bits, and the value is exact at every edge.
    reg  [N*32-1:0] lo_q, hi_q, lo_d, hi_d;
    reg  [N-1:0]    cy_q, cy_d;
    (* mem2reg *)             // a word per counter, worked out every clock: no memory
    reg  [63:0]     inc [0:N-1];   // what each counter gains this clock (mod 2^64)
    reg  [N-1:0]    inc_cin;   // +1 into the low half (a subtraction)
    reg  [N-1:0]    zero;      // the counter is cleared instead

    // COUNT_RES_TABLE in full; its carry is 0 when a clear reads it (a clear
    // starts with nothing applied in the clock before, asserted below)
    wire [63:0] res_table = {hi_q[COUNT_RES_TABLE*32 +: 32], lo_q[COUNT_RES_TABLE*32 +: 32]};

    // every counter's increment is written, one word each (no wide vector to
    // clear in every clock)
    always @* begin
        inc_cin = {N{1'b0}};
        zero    = {N{1'b0}};
        inc[EV_IN]       = {62'd0, {1'b0, ign_q || drop_q} + {1'b0, filt_q} + {1'b0, b_s2_q}};
        inc[EV_FILTERED] = {63'd0, filt_q};
        inc[EV_IGNORED]  = {63'd0, ign_q};
        inc[EV_DROPPED]  = {63'd0, drop_q};
        inc[EV_SKIPPED]  = {63'd0, b_skip_q};
        inc[EV_COUNTED]  = {63'd0, b_cnt_q};
        inc[COUNT_IN]    = {{(64 - HW){1'b0}}, b_cin_q};
        inc[COUNT_OUT]   = {{(64 - CW){1'b0}}, fl_q ? ak_count_q : b_out_q};
        inc[COUNT_RES_TABLE] = {{(62 - HW){b_table_q[HW+1]}}, b_table_q};
        zero[COUNT_RES_TABLE] = clear_q;
        // a flush message leaves: add the complement of its count, plus one
        inc[COUNT_RES_ASSOC] = fl_q ? ~{{(64 - CW){1'b0}}, ak_count_q} :
                                      {{(62 - CW){b_assoc_q[CW+1]}}, b_assoc_q};
        inc_cin[COUNT_RES_ASSOC] = fl_q;
        inc[COUNT_DISCARDED] = clear_q ? res_table : {{(64 - HW){1'b0}}, b_disc_q};
        inc[MSG_OUT]     = {63'd0, b_msg_q || fl_q};
    end

    // bits of the high half a build keeps (the rest are constant 0 and leave
    // no flip-flops behind)
    localparam [31:0] HI_MASK = (ACC_BITS >= 64) ? 32'hFFFF_FFFF :
                                (32'd1 << (ACC_BITS - 32)) - 32'd1;
    integer c;
    always @* begin
        for (c = 0; c < N; c = c + 1) begin
            {cy_d[c], lo_d[c*32 +: 32]} = {1'b0, lo_q[c*32 +: 32]} + {1'b0, inc[c][31:0]} +
                                          {32'd0, inc_cin[c]};
            hi_d[c*32 +: 32] = (hi_q[c*32 +: 32] + inc[c][63:32] + {31'd0, cy_q[c]}) &
                               HI_MASK;
            if (zero[c]) begin
                cy_d[c]          = 1'b0;
                lo_d[c*32 +: 32] = 32'd0;
                hi_d[c*32 +: 32] = 32'd0;
            end
        end
    end

    // the snapshot keeps the split form; the bus adds the carry when it reads HI
    reg [N*32-1:0] snap_lo_q, snap_hi_q;
    reg [N-1:0]    snap_cy_q;
    always @(posedge clk_i) begin
        lo_q <= lo_d;
        hi_q <= hi_d;
        cy_q <= cy_d;
        if (snap_q1) begin
            snap_lo_q <= lo_d;
            snap_hi_q <= hi_d;
            snap_cy_q <= cy_d;
        end
        if (rst_i) begin
            lo_q      <= {(N * 32){1'b0}};
            hi_q      <= {(N * 32){1'b0}};
            cy_q      <= {N{1'b0}};
            snap_lo_q <= {(N * 32){1'b0}};
            snap_hi_q <= {(N * 32){1'b0}};
            snap_cy_q <= {N{1'b0}};
        end
    end

    // the bus reads the snapshot only, in two clocks: the word selected by
    // rd_index_i / rd_hi_i is registered, then the carry is added to HI
    integer i;
    reg [31:0] rd_lo, rd_hi, rd_word_q;
    reg        rd_cy, rd_add_q, rd_hi_q;
    always @* begin
        rd_lo = 32'd0;
        rd_hi = 32'd0;
        rd_cy = 1'b0;
        for (i = 0; i < N; i = i + 1)
            if (rd_index_i == i[3:0]) begin
                rd_lo = snap_lo_q[i*32 +: 32];
                rd_hi = snap_hi_q[i*32 +: 32];
                rd_cy = snap_cy_q[i];
            end
    end
    always @(posedge clk_i) begin
        rd_word_q <= rd_hi_i ? rd_hi : rd_lo;
        rd_add_q  <= rd_hi_i && rd_cy;
        rd_hi_q   <= rd_hi_i;
    end
    always @* rd_data_o = rd_hi_q ? (rd_word_q + {31'd0, rd_add_q}) & HI_MASK : rd_word_q;

`ifdef FORMAL
    assign f_ign_o   = ign_q;
    assign f_drop_o  = drop_q;
    assign f_filt_o  = filt_q;
    assign f_s2_o    = s2_q;
    assign f_ak_o    = ak_q;
    assign f_b_s2_o  = b_s2_q;
    assign f_b_any_o = b_any_q;
    assign f_ev_in_o = lo_q[EV_IN*32 +: 32];
`endif

`ifdef SP_ASSERT
    // L1 and L2 of docs/spec.md 7 at every edge; a clear only with no event in S2
    reg [N*64-1:0] acc;
    integer a;
    always @*
        for (a = 0; a < N; a = a + 1)
            acc[a*64 +: 64] = {(hi_q[a*32 +: 32] + {31'd0, cy_q[a]}) & HI_MASK, lo_q[a*32 +: 32]};
    // the laws hold modulo 2^ACC_BITS
    wire [63:0] acc_mask = {HI_MASK, 32'hFFFF_FFFF};
    wire [63:0] l1_sum = acc[EV_IGNORED*64 +: 64] + acc[EV_DROPPED*64 +: 64] + acc[EV_FILTERED*64 +: 64] +
                         acc[EV_SKIPPED*64 +: 64] + acc[EV_COUNTED*64 +: 64];
    wire [63:0] l2_sum = acc[COUNT_OUT*64 +: 64] + acc[COUNT_RES_TABLE*64 +: 64] +
                         acc[COUNT_RES_ASSOC*64 +: 64] + acc[COUNT_DISCARDED*64 +: 64];
    wire l1 = acc[EV_IN*64 +: 64] == (l1_sum & acc_mask);
    wire l2 = acc[COUNT_IN*64 +: 64] == (l2_sum & acc_mask);
    // Why the laws survive every edge (these make the whole block's formal
    // proof inductive): each register stage holds a balanced transfer.
    // Stage A: an S2 event is counted or skipped, and its count units go
    // to the table, its message and its discard; stage B: the same, split
    // by counter (the sign-extended deltas on 32 bits: all are < 2^30).
    wire [31:0] a_msg   = emit_q ? {{(32 - HW){1'b0}}, msg_q} : 32'd0;
    wire [31:0] a_units = {{(30 - HW){table_delta[HW+1]}}, table_delta} + a_msg +
                          {{(32 - HW){1'b0}}, disc_q};
    wire [31:0] b_units = {{(32 - CW){1'b0}}, b_out_q} + {{(30 - HW){b_table_q[HW+1]}}, b_table_q} +
                          {{(30 - CW){b_assoc_q[CW+1]}}, b_assoc_q} + {{(32 - HW){1'b0}}, b_disc_q};
    // and so, this clock, what COUNT_IN gains the other four L2 counters
    // gain together (a clear moves RES_TABLE's value to DISCARDED).  The
    // whole-block proof defines SP_FORMAL_STEP_L2 and proves L2 by this
    // step alone (all counters start at 0): the solver's bit-level adders
    // do not get through the four-term sum itself (verif/formal/README.md).
    wire [63:0] d_res_table = zero[COUNT_RES_TABLE] ? 64'd0 - res_table
                                                    : inc[COUNT_RES_TABLE];
    wire [63:0] d_l2 = inc[COUNT_OUT] + d_res_table + inc[COUNT_RES_ASSOC] +
                       {63'd0, inc_cin[COUNT_RES_ASSOC]} + inc[COUNT_DISCARDED];
    wire l2_step = inc[COUNT_IN] == d_l2;
    // the resident counts once stages A and B are applied: a clear zeroes
    // RES_TABLE (with the pipeline empty), a flush message leaves RES_ASSOC
    // from stage A, everything else passes stage B
    wire [63:0] a_table_due = acc[COUNT_RES_TABLE*64 +: 64] + {{(62 - HW){table_delta[HW+1]}}, table_delta} +
                              {{(62 - HW){b_table_q[HW+1]}}, b_table_q};
    wire [63:0] a_assoc_due = acc[COUNT_RES_ASSOC*64 +: 64] + {{(62 - CW){assoc_delta[CW+1]}}, assoc_delta} +
                              {{(62 - CW){b_assoc_q[CW+1]}}, b_assoc_q} -
                              (fl_q ? {{(64 - CW){1'b0}}, ak_count_q} : 64'd0);
    assign a_res_table_o = clear_q ? 64'd0 : a_table_due & acc_mask;
    assign a_res_assoc_o = a_assoc_due & acc_mask;
    assign a_to_assoc_o   = to_assoc ? msg_q : {HW{1'b0}};
    assign a_table_step_o = {{(30 - HW){table_delta[HW+1]}}, table_delta};
    wire a_event = cnt_q || skip_q || emit_q || res_inc_q || cin_q != {HW{1'b0}} ||
                   disc_q != {HW{1'b0}};
    wire b_event = b_cnt_q || b_skip_q || b_table_q != {(HW + 2){1'b0}} ||
                   b_cin_q != {HW{1'b0}} || b_disc_q != {HW{1'b0}};
    always @(posedge clk_i) begin
        if (!rst_i) begin
            assert (l1);
`ifndef SP_FORMAL_STEP_L2
            assert (l2);
`endif
            // at most one message per event (spec 6), while nothing has wrapped
            if (ACC_BITS == 64)
                assert (acc[MSG_OUT*64 +: 64] <= acc[EV_COUNTED*64 +: 64]);
            assert (!(clear_q && (s2_q || b_any_q)));
            assert (!(clear_q && cy_q[COUNT_RES_TABLE]));
            // sources merged with an OR above never coincide
            assert (!(to_queue && ak_q));
            assert (!(ign_q && drop_q));
            assert (!(fl_q && (b_any_q || s2_q || ak_q)));
            // the balanced transfers (see above); what an event leaves in a
            // stage is there only with the event
            assert (!(cnt_q && skip_q) && (s2_q == (cnt_q || skip_q)) && (!a_event || s2_q));
            assert (a_units == {{(32 - HW){1'b0}}, cin_q});
            assert (!(b_cnt_q && b_skip_q) && (b_s2_q == (b_cnt_q || b_skip_q)));
            assert ((!b_event || b_s2_q) && (!b_s2_q || b_any_q));
            assert (b_units == {{(32 - HW){1'b0}}, b_cin_q});
            assert ((b_out_q == {CW{1'b0}} && b_assoc_q == {(CW + 2){1'b0}} && !b_msg_q) || b_any_q);
            assert (l2_step);
        end
    end
`endif

endmodule

`resetall
