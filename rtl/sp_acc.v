/*
 * sp_acc.v - the accounting counters of docs/spec.md section 7 and their
 * snapshot.
 *
 * Eleven 64-bit counters, zeroed only by reset.  Every input is registered
 * before it reaches a 64-bit adder, and each counter gets exactly one 64-bit
 * addition per clock, so the long carry chains start from flip-flops:
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
 * With SP_ASSERT (simulation) or FORMAL defined, immediate assertions check
 * L1 and L2 at every clock, so a testbench built with them (Verilator
 * --assert) checks the laws on every cycle, not only at snapshots.
 */
`resetall
`default_nettype none

// FORMAL (yosys-smtbmc) checks the same immediate assertions as SP_ASSERT (simulation).
`ifdef FORMAL
`ifndef SP_ASSERT
`define SP_ASSERT
`endif
`endif

module sp_acc #(
    // width of the per-event count inputs (COUNT_BITS + 1)
    parameter HW = 17
) (
    input  wire          clk_i,
    input  wire          rst_i,
    // input port
    input  wire          port_ignored_i,
    input  wire          port_dropped_i,
    // S2: the event decided this cycle
    input  wire          s2_valid_i,
    input  wire          s2_counted_i,
    input  wire          s2_skipped_i,
    input  wire [HW-1:0] s2_count_in_i,
    // the event keeps counts in the table (P, HP, TAG): +1 there, and its
    // message's count leaves the table
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
    input  wire [27:0]   assoc_out_count_i,
    // accepted table clear
    input  wire          clear_i,
    // snapshot request (see above)
    input  wire          snapshot_i,
    // inputs not yet applied
    output wire          busy_o,
    // snapshot read: counter rd_index_i (0..10), high word when rd_hi_i
    input  wire [3:0]    rd_index_i,
    input  wire          rd_hi_i,
    output reg  [31:0]   rd_data_o
);

    localparam N = 11;
    localparam EV_IN = 0, EV_IGNORED = 1, EV_DROPPED = 2, EV_SKIPPED = 3, EV_COUNTED = 4,
               COUNT_IN = 5, COUNT_OUT = 6, COUNT_RES_TABLE = 7, COUNT_RES_ASSOC = 8,
               COUNT_DISCARDED = 9, MSG_OUT = 10;

    reg  [N*64-1:0] acc_q, snap_q;
    reg  [N*64-1:0] acc_d;

    // ---- stage A: the inputs, one clock later
    reg          ign_q, drop_q, s2_q, cnt_q, skip_q, res_inc_q, emit_q, assoc_q;
    reg          ak_q, fl_q, clear_q, snap_q1;
    reg [HW-1:0] cin_q, disc_q, msg_q;
    reg [27:0]   ak_count_q;
    always @(posedge clk_i) begin
        ign_q      <= port_ignored_i;
        drop_q     <= port_dropped_i;
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
    // COUNT_RES_TABLE: +1 per event, minus what its message and the discard took
    wire [HW+1:0] table_dec   = {2'b00, kept} + {2'b00, disc_q};
    wire [HW+1:0] table_delta = {{(HW + 1){1'b0}}, res_inc_q} - table_dec;
    // COUNT_RES_ASSOC: the S2 message in, A_k's message out (both in one clock)
    wire [29:0]   assoc_in    = {{(30 - HW){1'b0}}, to_assoc ? msg_q : {HW{1'b0}}};
    wire [29:0]   assoc_out   = {2'b00, ak_q ? ak_count_q : 28'd0};
    wire [29:0]   assoc_delta = assoc_in - assoc_out;
    wire [27:0]   out_add     = (to_queue ? {{(28 - HW){1'b0}}, msg_q} : 28'd0) |
                                (ak_q ? ak_count_q : 28'd0);

    reg          b_s2_q, b_cnt_q, b_skip_q, b_msg_q, b_any_q;
    reg [HW-1:0] b_cin_q, b_disc_q;
    reg [HW+1:0] b_table_q;
    reg [29:0]   b_assoc_q;
    reg [27:0]   b_out_q;
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
            b_assoc_q <= 30'd0;
            b_out_q   <= 28'd0;
        end
    end
    assign busy_o = s2_q || ak_q || b_any_q || clear_q;

    // ---- one 64-bit addition per counter
    wire [63:0] res_table = acc_q[COUNT_RES_TABLE*64 +: 64];
    wire [63:0] res_assoc = acc_q[COUNT_RES_ASSOC*64 +: 64];

    always @* begin
        acc_d = acc_q;
        acc_d[EV_IN*64 +: 64]      = acc_q[EV_IN*64 +: 64] +
                                     {62'd0, {1'b0, ign_q || drop_q} + {1'b0, b_s2_q}};
        acc_d[EV_IGNORED*64 +: 64] = acc_q[EV_IGNORED*64 +: 64] + {63'd0, ign_q};
        acc_d[EV_DROPPED*64 +: 64] = acc_q[EV_DROPPED*64 +: 64] + {63'd0, drop_q};
        acc_d[EV_SKIPPED*64 +: 64] = acc_q[EV_SKIPPED*64 +: 64] + {63'd0, b_skip_q};
        acc_d[EV_COUNTED*64 +: 64] = acc_q[EV_COUNTED*64 +: 64] + {63'd0, b_cnt_q};
        acc_d[COUNT_IN*64 +: 64]   = acc_q[COUNT_IN*64 +: 64] + {{(64 - HW){1'b0}}, b_cin_q};
        acc_d[COUNT_OUT*64 +: 64]  = acc_q[COUNT_OUT*64 +: 64] +
                                     {36'd0, fl_q ? ak_count_q : b_out_q};
        acc_d[COUNT_RES_TABLE*64 +: 64] = clear_q ? 64'd0 :
            res_table + {{(62 - HW){b_table_q[HW+1]}}, b_table_q};
        acc_d[COUNT_RES_ASSOC*64 +: 64] = fl_q ? res_assoc - {36'd0, ak_count_q} :
                                          res_assoc + {{34{b_assoc_q[29]}}, b_assoc_q};
        acc_d[COUNT_DISCARDED*64 +: 64] = acc_q[COUNT_DISCARDED*64 +: 64] +
                                          (clear_q ? res_table : {{(64 - HW){1'b0}}, b_disc_q});
        acc_d[MSG_OUT*64 +: 64]    = acc_q[MSG_OUT*64 +: 64] + {63'd0, b_msg_q || fl_q};
    end

    always @(posedge clk_i) begin
        acc_q <= acc_d;
        if (snap_q1) snap_q <= acc_d;
        if (rst_i) begin
            acc_q  <= {(N * 64){1'b0}};
            snap_q <= {(N * 64){1'b0}};
        end
    end

    // the bus reads the snapshot only
    integer i;
    always @* begin
        rd_data_o = 32'd0;
        for (i = 0; i < N; i = i + 1)
            if (rd_index_i == i[3:0])
                rd_data_o = rd_hi_i ? snap_q[i*64 + 32 +: 32] : snap_q[i*64 +: 32];
    end

`ifdef SP_ASSERT
    // L1 and L2 of docs/spec.md 7 at every edge; a clear only with no event in S2
    wire l1 = acc_q[EV_IN*64 +: 64] == acc_q[EV_IGNORED*64 +: 64] + acc_q[EV_DROPPED*64 +: 64] +
                                        acc_q[EV_SKIPPED*64 +: 64] + acc_q[EV_COUNTED*64 +: 64];
    wire l2 = acc_q[COUNT_IN*64 +: 64] == acc_q[COUNT_OUT*64 +: 64] +
                                           acc_q[COUNT_RES_TABLE*64 +: 64] +
                                           acc_q[COUNT_RES_ASSOC*64 +: 64] +
                                           acc_q[COUNT_DISCARDED*64 +: 64];
    always @(posedge clk_i) begin
        if (!rst_i) begin
            assert (l1);
            assert (l2);
            assert (!(clear_q && (s2_q || b_any_q)));
            // sources merged with an OR above never coincide
            assert (!(to_queue && ak_q));
            assert (!(ign_q && drop_q));
            assert (!(fl_q && (b_any_q || s2_q || ak_q)));
        end
    end
`endif

endmodule

`resetall
