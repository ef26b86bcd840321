// SPDX-License-Identifier: Apache-2.0
/*
 * sp_formal_block.v - formal harness of the whole block (rtl/sp_stratprof.v)
 * at small parameters: the accounting conservation laws of docs/spec.md 7
 * hold at every clock, whatever the processor and the bus do.  Read by
 * block.sby only, with SP_ASSERT defined: the properties
 * are the block's own immediate assertions, which simulation checks too:
 *   - sp_acc: L1 (EV_IN = IGNORED + DROPPED + FILTERED + SKIPPED + COUNTED)
 *     and L2 (COUNT_IN = OUT + RES_TABLE + RES_ASSOC + DISCARDED), modulo
 *     2^ACC_BITS, and that merged event sources never coincide;
 *   - sp_stratprof: the output-queue reservations cover the queue (it can
 *     never overflow), one message source per clock;
 *   - sp_assoc, sp_fifo, sp_sweep, sp_regs, sp_stage1: a flush or a table
 *     clear only with the pipeline empty, no push into a full queue, no pop
 *     from an empty one, no tuple twice in A_k.
 * The harness adds one: a tuple the port takes is never lost before the
 * counters see it, i.e. EV_IN plus the tuples the block still holds
 * uncounted equals the handshakes since reset.
 *
 * Free in every clock: reset (high in the first clock), the tuple port
 * (valid and data), the bus master, which may write any register with
 * any value at any time (configuration mid-stream, commands, S-box and
 * filter writes, pops), and the memory the message ring writes (RING_AW =
 * 1: rings of one or two entries), which answers any write with ACK or ERR
 * at any time, or not at all, so its writer pops the queue in its place.  Assumed of the master: Wishbone classic, a
 * request stays with WE, ADR and DAT unchanged until acked.  block.sby
 * cuts out the hash (its index and tag are free: any hash function) and the
 * random samplers' products (any draw), which only make the proof more
 * general.  The block's internal state comes from its ports that exist only
 * under FORMAL (f_*_o).
 *
 * Proven by k-induction at k = 3 (A_k's comparisons start three clocks
 * ahead of its select, and the assertions that tie them to the list
 * constrain the induction's start only a clock after each is made).  BMC
 * from reset cannot reach a tuple (the
 * reset sweep copies the S-box for 257 clocks), so the induction carries
 * the proof.  It starts from any state the assertions allow, so they must
 * rule out the unreachable states that would break it: the strengthening
 * assertions below (how the bus timing, the sweep, a flush and the
 * reservations keep the pipeline empty) and the blocks' own invariants
 * under SP_ASSERT (the FIFO pointers, the bus state, A_k's list and its
 * lookup made ahead, sp_acc's balanced transfers).  L2 is proven as its per-clock step (SP_FORMAL_STEP_L2,
 * rtl/sp_acc.v): the solver does not get through the four-term sum.
 *
 * Covered, from the block idle after its reset sweep (block.sby's task
 * start finds that state in a trace from reset, port and bus quiet, with
 * the cover start_swept): a tuple ignored, dropped for want of a slot,
 * stopped by the PC filter, and counted; a message into the output queue,
 * the queue full, a message popped, a message written into the ring; A_k
 * evicting a victim, and A_k full and flushing; a table clear after counts
 * reached the table; the tagged compressor replacing a way (E5) and
 * reporting an evicted one (E6).
 */
`default_nettype none

module sp_formal_block (
    input wire clk_i
);
    reg f_past_valid = 1'b0;
    always @(posedge clk_i)
        f_past_valid <= 1'b1;

    (* anyseq *) wire        rst_any;
    wire rst = !f_past_valid || rst_any;

    (* anyseq *) wire        tuple_valid;
    (* anyseq *) wire [2:0]  tuple_kind;
    (* anyseq *) wire [31:0] tuple_word0, tuple_word1;
    (* anyseq *) wire        cyc, stb, we;
    (* anyseq *) wire [11:0] adr;
    (* anyseq *) wire [31:0] dat;
    (* anyseq *) wire [3:0]  sel;
    (* anyseq *) wire        ring_ack, ring_err;
    wire        ring_cyc, ring_stb, ring_we;
    wire [31:0] ring_adr, ring_dat;
    wire [3:0]  ring_sel;
    wire        tuple_ready, ack, irq, obs_drop;
    wire [31:0] rdat;
    wire [7:0]  obs_fsm;

    sp_stratprof #(
        .WORD_BITS(32), .TABLE_AW(2), .WAYS_LOG2_MAX(1), .TAG_BITS_MAX(2),
        .COUNT_BITS(3), .MISS_BITS(2), .OPT_TAGGED(1), .OPT_CR(1), .OPT_HTP(1),
        .ASSOC_K(2), .OQ_AW(2), .TQ_AW(1), .ACC_BITS(32), .FILTER_N(1), .RING_AW(1),
        .ASSOC_COUNT_BITS(5)
    ) u_dut (
        .clk_i        (clk_i),
        .rst_i        (rst),
        .tuple_valid_i(tuple_valid),
        .tuple_ready_o(tuple_ready),
        .tuple_kind_i (tuple_kind),
        .tuple_word0_i(tuple_word0),
        .tuple_word1_i(tuple_word1),
        .wb_cyc_i     (cyc),
        .wb_stb_i     (stb),
        .wb_we_i      (we),
        .wb_adr_i     (adr),
        .wb_dat_i     (dat),
        .wb_sel_i     (sel),
        .wb_ack_o     (ack),
        .wb_dat_o     (rdat),
        .irq_o        (irq),
        .ring_cyc_o   (ring_cyc),
        .ring_stb_o   (ring_stb),
        .ring_we_o    (ring_we),
        .ring_adr_o   (ring_adr),
        .ring_dat_o   (ring_dat),
        .ring_sel_o   (ring_sel),
        .ring_ack_i   (ring_ack),
        .ring_err_i   (ring_err),
        .obs_drop_o   (obs_drop),
        .obs_fsm_o    (obs_fsm),
        .f_tq_count_o     (f_tq_count),
        .f_s1_valid_o     (f_valid_q1),
        .f_s1_filtered_o  (f_filtered_q1),
        .f_s1h_valid_o    (f_valid_qh),
        .f_s1r_valid_o    (f_valid_qr),
        .f_s2a_valid_o    (f_valid_qa),
        .f_s2b_wait_o     (f_valid_qbw),
        .f_s2_valid_o     (f_valid_q2),
        .f_s3_valid_o     (f_s3_valid),
        .f_s4_valid_o     (f_valid_q4),
        .f_oq_count_o     (f_oq_count),
        .f_w_en_o         (f_w_en_q),
        .f_resv_o         (f_resv_q),
        .f_s4_absorbed_o  (f_absorbed_q4),
        .f_rel_s2_o       (f_rel_s2_q),
        .f_rel_pop_o      (f_pop_q),
        .f_ak_valid_o     (f_ak_valid),
        .f_ak_flush_o     (f_ak_flush),
        .f_ak_used_o      (f_ak_used),
        .f_flushing_o     (f_flushing_q),
        .f_flush_moved_o  (f_flush_moved_q),
        .f_calm_o         (f_calm_q),
        .f_acc_ign_o      (f_acc_ign_q),
        .f_acc_drop_o     (f_acc_drop_q),
        .f_acc_filt_o     (f_acc_filt_q),
        .f_acc_s2_o       (f_acc_s2_q),
        .f_acc_ak_o       (f_acc_ak_q),
        .f_acc_b_s2_o     (f_acc_b_s2_q),
        .f_acc_b_any_o    (f_acc_b_any_q),
        .f_ev_in_o        (f_ev_in),
        .f_enable_o       (f_enable),
        .f_stopped_o      (f_stopped_q),
        .f_wwait_o        (f_wwait_q),
        .f_clear_o        (f_clear),
        .f_flush_start_o  (f_flush_start),
        .f_sweep_busy_o   (f_sweep_busy),
        .f_sweep_active_o (f_sweep_active),
        .f_sweep_cnt_o    (f_sweep_cnt),
        .f_sweep_sbox_we_o(f_sweep_sbox_we)
    );

    // ---- the master: a request holds until acked
    reg        f_pending_q;
    reg        f_we_q;
    reg [11:0] f_adr_q;
    reg [31:0] f_dat_q;
    always @(posedge clk_i) begin
        f_pending_q <= !rst && cyc && stb && !ack;
        f_we_q      <= we;
        f_adr_q     <= adr;
        f_dat_q     <= dat;
    end
    always @* begin
        if (f_past_valid && f_pending_q && !rst)
            assume (cyc && stb && we == f_we_q && adr == f_adr_q && dat == f_dat_q);
    end

    // ---- internal signals (the block's formal ports)
    // where a taken tuple can be before the counters see it: the tuple
    // queue, S1, S1H, S1R, S2A, S2 (S2B; in CR and HCR the event in W, with
    // the one in S2B waiting), and sp_acc's two stages; a tuple ignored or
    // dropped at the port, or filtered at S0, in sp_acc's first stage
    wire [1:0]  f_tq_count;
    wire        f_valid_q1, f_valid_qh, f_valid_qr, f_valid_qa, f_valid_q2, f_acc_s2_q, f_acc_b_s2_q;
    wire        f_valid_qbw;
    wire        f_acc_ign_q, f_acc_drop_q, f_acc_filt_q;
    // strengthening: A_k messages and stage-1 events sp_acc has not applied
    wire        f_acc_ak_q, f_acc_b_any_q;
    wire [31:0] f_ev_in;      // EV_IN's low word: the whole counter at ACC_BITS 32
    // strengthening: the output-queue reservations and what holds them
    wire [2:0]  f_resv_q, f_oq_count;
    wire        f_filtered_q1, f_s3_valid, f_rel_s2_q, f_absorbed_q4, f_valid_q4;
    wire        f_pop_q;      // a popped message's slot, returned a clock late
    // strengthening: the states in which the pipeline must be empty (the
    // registers saw the block stopped; A_k flushing or just done)
    wire        f_stopped_q, f_enable, f_flushing_q, f_wwait_q;
    wire [2:0]  f_flush_moved_q, f_calm_q;
    // strengthening: the init sweep as the registers saw it
    wire        f_sweep_busy, f_sweep_active, f_sweep_sbox_we;
    wire [7:0]  f_sweep_cnt;
    // strengthening: a pending table write; a command or a configuration
    // write taking effect (a table clear, a flush)
    wire        f_w_en_q, f_clear, f_flush_start;
    // covers: A_k's output, its entries
    wire        f_ak_valid, f_ak_flush;
    wire [6:0]  f_ak_used;

    // tuples the port has taken since reset (modulo 2^32, as the counter)
    reg [31:0] f_taken_q;
    always @(posedge clk_i)
        if (rst) f_taken_q <= 32'd0;
        else if (tuple_valid && tuple_ready) f_taken_q <= f_taken_q + 32'd1;

    // (at most 12 and 17: summed on 4 and 5 bits, so the solver has short adders)
    wire [3:0] f_uncounted = {2'd0, f_tq_count} + f_valid_q1 + f_valid_qh + f_valid_qr +
                             f_valid_qa + f_valid_qbw + f_valid_q2 + f_acc_s2_q + f_acc_b_s2_q +
                             (f_acc_ign_q || f_acc_drop_q) + f_acc_filt_q;
    wire [4:0] f_holding = {2'd0, f_oq_count} + f_valid_q4 + f_absorbed_q4 + f_rel_s2_q +
                           f_s3_valid + f_valid_q2 + f_valid_qbw + f_valid_qa + f_valid_qr + f_valid_qh + f_valid_q1 +
                           f_filtered_q1 + f_tq_count + f_pop_q;

    // tuples and their messages between the port and S4 (where A_k's
    // flush messages pass too)
    wire f_tuples = f_tq_count != 2'd0 || f_valid_q1 || f_filtered_q1 || f_valid_qh ||
                    f_valid_qr || f_valid_qa || f_valid_qbw || f_valid_q2 || f_s3_valid || f_rel_s2_q || f_absorbed_q4 ||
                    f_acc_s2_q || f_acc_b_s2_q || f_acc_filt_q;
    wire f_past_s0 = f_valid_qh || f_valid_qr || f_valid_qa || f_valid_qbw || f_valid_q2 || f_s3_valid;

    // nothing in flight from the port to the output queue, and nothing
    // sp_acc has still to apply
    wire f_quiet = !f_tuples && !f_valid_q4 && !f_w_en_q && !f_acc_ak_q && !f_acc_b_any_q;

    always @* begin
        if (f_past_valid && !rst) begin
            // ---- the property: no tuple is lost before it is counted;
            // every tuple the port took is in EV_IN or on its way there
            assert (f_taken_q == f_ev_in + {28'd0, f_uncounted});

            // ---- strengthening (what makes the induction close)
            // a reservation is held by exactly one tuple or message in
            // flight, a rejected one waiting to be returned, a message
            // in the output queue, or a popped one's, returned a clock late
            assert ({2'b0, f_resv_q} == f_holding);
            // the registers saw the block stopped in the clock before, when
            // nothing could enter: still nothing in flight; the sweep is
            // idle, or a clear started it then
            if (f_stopped_q) assert (f_quiet && (!f_sweep_busy || (f_sweep_active &&
                                     f_sweep_cnt == 8'd0 && !f_sweep_sbox_we)));
            // a flush or a clear checked a clock ago, the block stopped:
            // still stopped, nothing in flight
            if (f_clear || f_flush_start) assert (f_quiet && !f_enable);
            // a write is checked a clock after its request, and no write
            // lands in between: what the registers saw stopped is still so
            // (no flush or clear started since)
            if (f_wwait_q && f_stopped_q) assert (!f_enable && !f_flushing_q && !f_sweep_busy);
            // S0 takes nothing while the sweep runs, and a sweep starts
            // with the pipeline empty: stage 1 is empty throughout
            if (f_sweep_busy) assert (!(f_valid_q1 || f_filtered_q1 || f_valid_qh || f_valid_qr ||
                                        f_valid_qa || f_valid_qbw || f_valid_q2 || f_w_en_q || f_acc_s2_q ||
                                        f_acc_b_s2_q));
            // a flush starts stopped and refuses ENABLE (its messages pass
            // S4); the two clocks after its last move are too soon for a
            // new tuple to pass S1
            if (f_flushing_q) assert (!f_enable && !f_tuples && !f_acc_ak_q && !f_acc_b_any_q);
            if (f_flush_moved_q != 3'b000) assert (!f_past_s0);
            // A_k's comparisons are exact a clock after a reset or a flush
            // move for S2A, two for S2B, three for S3: by then a message
            // may be there
            if (!f_calm_q[0]) assert (!f_valid_qa && !f_valid_qbw && !f_valid_q2 && !f_s3_valid);
            if (!f_calm_q[1]) assert (!f_valid_qbw && !f_valid_q2 && !f_s3_valid);
            if (!f_calm_q[2]) assert (!f_s3_valid);
        end
    end

    // ---- covers
    reg f_counted_q = 1'b0;  // an event has reached the counters since reset
    always @(posedge clk_i)
        f_counted_q <= !rst && (f_counted_q || f_acc_b_s2_q);
    always @* begin
        if (f_past_valid && !rst) begin
            c_ignored:  cover (tuple_valid && tuple_ready && !f_enable);
            c_dropped:  cover (obs_drop);
            c_filtered: cover (f_filtered_q1);
            c_counted:  cover (f_acc_b_s2_q);
            c_message:  cover (f_valid_q4);
            c_oq_full:  cover (f_oq_count == 3'd4);
            c_popped:   cover (f_pop_q);
            // a message in the ring: the ack of an entry's head word, its last
            c_ring:     cover (ring_cyc && ring_stb && ring_ack && !ring_err && ring_adr[3:0] == 4'd0);
            c_victim:   cover (f_ak_valid && !f_ak_flush);
            c_ak_flush: cover (f_ak_flush && f_ak_used == 7'd2);
            c_clear:    cover (f_clear && f_counted_q);
            // obs_fsm_o's bits: E1, E2, E3, E4, E5, E5A, E6, E6A
            c_tag_e5:   cover (obs_fsm[4]);
            c_tag_e6:   cover (obs_fsm[6]);
            // the block done with its reset sweep: where block.sby's cover
            // task starts, from its task start's trace
            start_swept: cover (!f_sweep_busy);
        end
    end

endmodule
