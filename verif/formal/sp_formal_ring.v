// SPDX-License-Identifier: Apache-2.0
/*
 * sp_formal_ring.v - formal harness of the message ring's writer
 * (rtl/sp_ring.v, docs/spec.md 8.8): its Wishbone master keeps the bus
 * rules and writes only where and what the spec says, whatever the memory
 * answers and whenever software moves its read pointer.  Read by ring.sby
 * only; RING_AW 3 (rings of 1 to 8 entries) and 32-bit words.
 *
 * Assumed, as the register file and the output queue guarantee them (each
 * checked there: sp_regs.v, sp_fifo.v and the whole-block proof):
 *   - the ring's size is a power of two up to 2^RING_AW with its pointer
 *     mask beside it; the base is a multiple of the ring's bytes while the
 *     ring is on; size and base change, and the write pointer is cleared,
 *     only while the ring is off and the writer idle; the ring turns off
 *     only between entries, or at a bus error;
 *   - RING_RP stays below twice the size and moves only forward, by at most
 *     the fill (spec 8.8's check of a RING_RP write);
 *   - the queue's head holds still until the writer pops it;
 *   - the memory answers only a request, with ACK or ERR, never both.
 *
 * Proven (assertions below, by induction):
 *   - one request at a time, held with its address and data until answered;
 *     STB only with CYC; whole-word writes (WE, SEL = 1111, ADR[1:0] = 0);
 *   - an entry's writes under one CYC, in the spec's order (word0, word1,
 *     the head word last), each at the entry's address plus its offset, each
 *     with the message's word; CYC falls after the head word's ACK or at ERR;
 *   - no write outside [RING_BASE, RING_BASE + size x 16);
 *   - the pointers never pass each other: the fill stays within the size, a
 *     write starts only while the ring has room, and RING_WP steps by one at
 *     the head word's ACK (with the pop), never at ERR.
 *
 * Covered: an entry written after wait states, the ring full, RING_WP
 * wrapping past 2 x size, a bus error, and an entry started right after one.
 */
`default_nettype none

module sp_formal_ring #(
    parameter RING_AW = 3    // log2 of the largest ring
) (
    input wire clk_i
);
    localparam W      = 32;
    localparam CW     = 28;
    localparam MW     = 3 + 2 * W + CW;
    localparam LOG2E  = 4;                 // 16-byte entries
    localparam WRITES = 3;

    reg f_past_valid = 1'b0;
    always @(posedge clk_i)
        f_past_valid <= 1'b1;
    (* anyseq *) wire rst_any;
    wire rst = !f_past_valid || rst_any;

    (* anyseq *) wire             enable, clear, head_valid, ack, err;
    (* anyseq *) wire [31:0]      base;
    (* anyseq *) wire [RING_AW:0] size, rp;
    (* anyseq *) wire [MW-1:0]    head;
    wire [RING_AW:0] pmask = {size[RING_AW-1:0], 1'b0} - {{RING_AW{1'b0}}, 1'b1};
    wire [RING_AW:0] wp;
    wire             pop, full, active, w_err;
    wire [31:0]      err_adr;
    wire             cyc, stb, we;
    wire [31:0]      adr, dat;
    wire [3:0]       sel;

    sp_ring #(
        .WORD_BITS(W),
        .RING_AW  (RING_AW)
    ) u_dut (
        .clk_i       (clk_i),
        .rst_i       (rst),
        .enable_i    (enable),
        .base_i      (base),
        .size_i      (size),
        .pmask_i     (pmask),
        .rp_i        (rp),
        .clear_i     (clear),
        .head_valid_i(head_valid),
        .head_i      (head),
        .pop_o       (pop),
        .wp_o        (wp),
        .full_o      (full),
        .active_o    (active),
        .err_o       (w_err),
        .err_adr_o   (err_adr),
        .cyc_o       (cyc),
        .stb_o       (stb),
        .we_o        (we),
        .adr_o       (adr),
        .dat_o       (dat),
        .sel_o       (sel),
        .ack_i       (ack),
        .err_i       (err)
    );

    // the ring's bytes relative to its base, and what the pointers say
    wire [RING_AW-1:0] imask      = pmask[RING_AW:1];
    wire [31:0]        ring_bytes = {{(32 - RING_AW - LOG2E){1'b0}}, imask, {LOG2E{1'b1}}};
    wire [RING_AW:0]   fill       = (wp - rp) & pmask;

    // ---- the past, as the assumptions and assertions need it
    reg             f_on_q, f_active_q, f_stb_q, f_answered_q, f_last_ack_q, f_pop_q, f_err_q, f_clear_q;
    reg [31:0]      f_adr_q, f_dat_q, f_base_q;
    reg [RING_AW:0] f_size_q, f_rp_q, f_wp_q, f_fill_q;
    reg [MW-1:0]    f_head_q;
    reg             f_head_valid_q;
    reg             f_rst_q = 1'b1, f_pop2_q;
    always @(posedge clk_i) begin
        f_rst_q        <= rst;
        f_pop2_q       <= f_pop_q;
        f_on_q         <= enable;
        f_active_q     <= active;
        f_stb_q        <= stb;
        f_answered_q   <= ack || err;
        f_last_ack_q   <= stb && ack && adr[3:0] == 4'd0;
        f_pop_q        <= pop;
        f_err_q        <= stb && err;
        f_clear_q      <= clear;
        f_adr_q        <= adr;
        f_dat_q        <= dat;
        f_base_q       <= base;
        f_size_q       <= size;
        f_rp_q         <= rp;
        f_wp_q         <= wp;
        f_fill_q       <= fill;
        f_head_q       <= head;
        f_head_valid_q <= head_valid;
    end
    wire f_steady = f_past_valid && !rst && !f_rst_q;   // two clocks out of reset

    // ---- the environment
    always @* begin
        // the size: a power of two within the build
        assume (size != {(RING_AW + 1){1'b0}} && (size & (size - 1'b1)) == {(RING_AW + 1){1'b0}} &&
                size <= {1'b1, {RING_AW{1'b0}}});
        // the ring on: naturally aligned
        if (enable) assume ((base & ring_bytes) == 32'd0);
        // RING_RP below twice the size; cleared with RING_WP, and by reset
        assume (rp <= pmask);
        if (f_past_valid && f_rst_q) assume (rp == {(RING_AW + 1){1'b0}});
        // the memory answers only a request, one way
        if (ack || err) assume (cyc && stb);
        assume (!(ack && err));
        if (f_steady) begin
            // place and size change only with the ring off and the writer
            // idle, and a change of either clears both pointers at its edge
            if (f_on_q || f_active_q) assume (base == f_base_q && size == f_size_q);
            if (base != f_base_q || size != f_size_q) assume (f_clear_q);
            // the ring turns on only while the writer is idle, off only
            // between entries or at a bus error
            if (f_active_q && !f_err_q) assume (enable);
            // a pointer clear only with the ring off and idle; RP to 0 with it
            if (clear) assume (!enable && !f_on_q && !active);
            if (f_clear_q) assume (rp == {(RING_AW + 1){1'b0}});
            // RING_RP moves forward by at most the fill it saw
            if (!f_clear_q) assume (((rp - f_rp_q) & pmask) <= f_fill_q);
            // the queue's head holds until popped
            if (f_head_valid_q && !f_pop_q) assume (head_valid && head == f_head_q);
        end
    end

    // ---- the message's words, in the order of the writes (spec 8.8)
    wire [31:0] head_word = {1'b1, head[MW-1 -: 3], head[CW-1:0]};
    wire [31:0] word0     = head[CW + W +: W];
    wire [31:0] word1     = head[CW +: W];
    wire [31:0] entry     = base | {{(32 - RING_AW - LOG2E){1'b0}}, wp[RING_AW-1:0] & imask, {LOG2E{1'b0}}};

    always @* begin
        if (f_steady) begin
            // the pointers never pass each other: the ring holds at most its
            // size, and a write starts only while it has room
            assert (fill <= size);
            assert (full == (fill == size));
            assert (wp <= pmask);
            if (stb) assert (!full);
            // the bus rules: STB with CYC, whole-word writes
            assert (stb == cyc && cyc == active);
            if (stb) assert (we && sel == 4'hF && adr[1:0] == 2'b00);
            // one request at a time, held until answered
            if (f_stb_q && !f_answered_q) assert (stb && adr == f_adr_q && dat == f_dat_q);
            // an entry's writes under one CYC: it falls only after the head
            // word's ACK or at ERR
            if (f_stb_q && !stb) assert (f_last_ack_q || f_err_q);
            // each write in the entry at RING_WP, never outside the ring,
            // with the word its place holds: word0 at +4, word1 at +8, the
            // head word at +0; in that order, word0 first
            if (stb) begin
                assert ((adr & ~ring_bytes) == base);
                assert ((adr & ~32'hF) == entry);
                assert (adr[3:0] == 4'd4 || adr[3:0] == 4'd8 || adr[3:0] == 4'd0);
                assert (dat == (adr[3:0] == 4'd0 ? head_word : adr[3:0] == 4'd4 ? word0 : word1));
                assert (head_valid);
                if (!f_stb_q) assert (adr[3:0] == 4'd4);
                if (f_stb_q && f_answered_q) assert (adr[3:0] == (f_adr_q[3:0] == 4'd4 ? 4'd8 : 4'd0));
            end
            // RING_WP steps by one exactly with the pop, at the head word's
            // ACK; an ERR leaves it and the queue
            assert (pop == (stb && ack && adr[3:0] == 4'd0));
            if (!f_clear_q) assert (wp == (f_pop_q ? (f_wp_q + 1'b1) & pmask : f_wp_q));
            if (w_err) assert (!pop && err_adr == adr);
        end
    end

    // ---- covers
    reg [2:0] f_waits_q;   // clocks the current write has waited
    always @(posedge clk_i)
        f_waits_q <= (stb && !ack && !err) ? f_waits_q + 3'd1 : 3'd0;
    always @* begin
        if (f_steady) begin
            c_entry:      cover (pop && f_waits_q >= 3'd2);
            c_full:       cover (full && size == 4'd4);
            c_wrap:       cover (f_pop_q && wp == {(RING_AW + 1){1'b0}} && size == 4'd2);
            c_bus_error:  cover (w_err && adr[3:0] == 4'd8);
            c_next_entry: cover (stb && !f_pop_q && f_pop2_q);
        end
    end
endmodule
