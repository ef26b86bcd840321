// SPDX-License-Identifier: Apache-2.0
/*
 * sp_ring.v - the message ring's writer (docs/spec.md section 8.8): a
 * Wishbone B4 classic master that moves the message at the head of the
 * output queue into the next entry of a ring in system memory, and the
 * ring's write pointer.
 *
 * An entry is written word by word, word0 and word1 first and the head word
 * last, one write outstanding at a time; CYC stays high over the whole
 * entry, so an arbiter hands the memory over only between entries.  The
 * message leaves the queue, and RING_WP steps, at the clock that ends the
 * last write's ack: until then the message is still the queue's head, so a
 * write that ends with ERR loses nothing.  After an ERR the register file
 * turns the ring off (sp_regs records the address), and the whole entry is
 * written again when software turns it back on.
 *
 * The ring is naturally aligned (sp_regs refuses to turn it on otherwise),
 * so an entry's address is the base with the entry number in its low bits:
 * no adder, and no address outside the ring.  The address is not
 * registered: what it is made of (RING_BASE, RING_WP, the write's number)
 * holds still while a write is on the bus, so a few gates from those
 * registers give it, and no 32 flip-flops repeat it.  The data is: it comes
 * from the output queue's block RAM, whose read is slow (about 6 ns on an
 * ECP5), and must not run on through the memory's write path.  Pointers count entries
 * modulo twice the ring's size, so full and empty differ without a spare
 * entry: the ring is full when the pointers differ in the size's bit alone.
 */
`resetall
`default_nettype none
`include "sp_regs.vh"

module sp_ring #(
    parameter WORD_BITS = 32,  // 32 or 64
    parameter RING_AW   = 16   // log2 of the largest ring, 1..16
) (
    input  wire               clk_i,
    input  wire               rst_i,
    // the ring as the registers hold it (sp_regs)
    input  wire               enable_i,   // RING_CTRL.ENABLE
    input  wire [31:0]        base_i,     // RING_BASE
    input  wire [RING_AW:0]   size_i,     // RING_SIZE, a power of two
    input  wire [RING_AW:0]   pmask_i,    // 2 x RING_SIZE - 1: the pointers' modulus
    input  wire [RING_AW:0]   rp_i,       // RING_RP
    input  wire               clear_i,    // RING_BASE or RING_SIZE written: RING_WP to 0
    // the output queue's head (sp_fifo: stable until popped)
    input  wire               head_valid_i,
    input  wire [MW-1:0]      head_i,
    output wire               pop_o,      // the head is in memory: pop it
    // the write pointer
    output wire [RING_AW:0]   wp_o,
    output wire               full_o,     // RING_WP - RING_RP = RING_SIZE
    output wire               active_o,   // an entry is being written
    output wire               err_o,      // a write ended with ERR at this clock's edge
    output wire [31:0]        err_adr_o,  // ... at this address
    // Wishbone B4 classic master, 32-bit, writes only
    output wire               cyc_o,
    output wire               stb_o,
    output wire               we_o,
    output wire [31:0]        adr_o,
    output wire [31:0]        dat_o,
    output wire [3:0]         sel_o,
    input  wire               ack_i,
    input  wire               err_i
);

    // parameter checks: a bad value instantiates a module named after the
    // rule it breaks, which does not exist, so every tool stops there
    generate
        if (RING_AW < 1 || RING_AW > 16) begin : g_bad_ring_aw
            sp_ring_RING_AW_must_be_1_to_16 u_error ();
        end
    endgenerate

    localparam CW     = `SP_MSG_COUNT_BITS;          // a message's count
    localparam MW     = 3 + 2 * WORD_BITS + CW;      // a queued message {kind, word0, word1, count}
    // the entry (spec 8.8): 16 or 32 bytes, written in WRITES 32-bit writes
    localparam LOG2E  = (WORD_BITS == 64) ? 5 : 4;
    localparam WRITES = (WORD_BITS == 64) ? 5 : 3;
    localparam [2:0] LAST = WRITES - 1;

    // byte offset within the entry of write I: word0, word1 (low half
    // first), then the head at +0
    function [31:0] write_off(input [2:0] i);
        begin
            if (i == LAST) write_off = 32'd0;
            else if (WORD_BITS == 64) write_off = 32'd8 + {28'd0, i[1:0], 2'b00};
            else write_off = 32'd4 + {29'd0, i[0], 2'b00};
        end
    endfunction

    // the 32-bit word of write I, from the message
    wire [2:0]           h_kind  = head_i[MW-1 -: 3];
    wire [WORD_BITS-1:0] h_w0    = head_i[CW + WORD_BITS +: WORD_BITS];
    wire [WORD_BITS-1:0] h_w1    = head_i[CW +: WORD_BITS];
    wire [CW-1:0]        h_count = head_i[CW-1:0];
    wire [63:0]          w0_x    = {{(64 - WORD_BITS){1'b0}}, h_w0};
    wire [63:0]          w1_x    = {{(64 - WORD_BITS){1'b0}}, h_w1};
    // MSG_HEAD as a read returns it
    wire [31:0] head_word = (32'd1 << `SP_MSG_VALID_BIT) | ({29'd0, h_kind} << `SP_MSG_KIND_SHIFT) |
                            ({{(32 - CW){1'b0}}, h_count} << `SP_MSG_COUNT_SHIFT);
    function [31:0] write_data(input [2:0] i);
        begin
            if (i == LAST) write_data = head_word;
            else if (WORD_BITS == 64)
                case (i[1:0])
                    2'd0:    write_data = w0_x[31:0];
                    2'd1:    write_data = w0_x[63:32];
                    2'd2:    write_data = w1_x[31:0];
                    default: write_data = w1_x[63:32];
                endcase
            else write_data = i[0] ? w1_x[31:0] : w0_x[31:0];
        end
    endfunction

    // ---- pointers
    reg  [RING_AW:0]   wp_q;
    // RING_WP + 1 under the mask, kept beside it: a pop moves one register
    // into the other, so the memory's ack (which makes the pop) meets no
    // adder here
    reg  [RING_AW:0]   wp1_q;
    wire [RING_AW-1:0] imask = pmask_i[RING_AW:1];   // RING_SIZE - 1
    wire [RING_AW-1:0] index = wp_q[RING_AW-1:0] & imask;
    // the next entry's address: the base with the entry number in its low bits
    wire [31:0] entry = base_i | {{(32 - RING_AW - LOG2E){1'b0}}, index, {LOG2E{1'b0}}};

    assign full_o = (wp_q ^ rp_i) == size_i;

    // ---- the master: IDLE, or WRITE with write n_q of the entry on the bus
    localparam S_IDLE = 1'b0, S_WRITE = 1'b1;
    reg        state_q, state_d;
    reg  [2:0] n_q, n_d;
    reg [31:0] dat_q, dat_d;
    reg        pop, err;

    always @* begin
        state_d = state_q;
        n_d     = n_q;
        dat_d   = dat_q;
        pop     = 1'b0;
        err     = 1'b0;
        case (state_q)
            S_IDLE:
                if (enable_i && head_valid_i && !full_o) begin
                    state_d = S_WRITE;
                    n_d     = 3'd0;
                    dat_d   = write_data(3'd0);
                end
            S_WRITE:
                if (err_i) begin
                    state_d = S_IDLE;
                    err     = 1'b1;
                end else if (ack_i) begin
                    if (n_q == LAST) begin
                        state_d = S_IDLE;
                        pop     = 1'b1;
                    end else begin
                        n_d   = n_q + 3'd1;
                        dat_d = write_data(n_q + 3'd1);
                    end
                end
            default: state_d = S_IDLE;
        endcase
    end

    wire [RING_AW:0] wp_d  = clear_i ? {(RING_AW + 1){1'b0}} : pop ? wp1_q : wp_q;
    wire [RING_AW:0] wp1_d = clear_i ? {{RING_AW{1'b0}}, 1'b1} :
                             pop ? (wp1_q + {{RING_AW{1'b0}}, 1'b1}) & pmask_i : wp1_q;

    // Only an entry under way, or one that can start, changes anything: the
    // rest of the time none of it is evaluated (the ring is idle between
    // messages, nearly every clock).
    wire moving = state_q == S_WRITE || (enable_i && head_valid_i) || clear_i;

    always @(posedge clk_i) begin
        if (moving) begin
            state_q <= state_d;
            n_q     <= n_d;
            dat_q   <= dat_d;
            wp_q    <= wp_d;
            wp1_q   <= wp1_d;
        end
        if (rst_i) begin
            state_q <= S_IDLE;
            n_q     <= 3'd0;
            wp_q    <= {(RING_AW + 1){1'b0}};
            wp1_q   <= {{RING_AW{1'b0}}, 1'b1};
        end
    end

    assign pop_o     = pop;
    assign wp_o      = wp_q;
    assign active_o  = state_q == S_WRITE;
    // write n_q of the entry at RING_WP
    wire [31:0] adr = entry | write_off(n_q);
    assign err_o     = err;
    assign err_adr_o = adr;

    assign cyc_o = state_q == S_WRITE;
    assign stb_o = state_q == S_WRITE;
    assign we_o  = 1'b1;
    assign adr_o = adr;
    assign dat_o = dat_q;
    assign sel_o = 4'hF;

`ifdef SP_ASSERT
    // the bytes of the ring, relative to its base
    wire [31:0] ring_bytes = {{(32 - RING_AW - LOG2E){1'b0}}, imask, {LOG2E{1'b1}}};
    always @(posedge clk_i) begin
        if (!rst_i) begin
            // the ring never holds more than its size, and the pointers stay
            // below twice the size
            assert (((wp_q - rp_i) & pmask_i) <= size_i);
            assert ((wp_q & ~pmask_i) == {(RING_AW + 1){1'b0}});
            assert (wp1_q == ((wp_q + {{RING_AW{1'b0}}, 1'b1}) & pmask_i));
            // an entry is written only into the ring, and only while the ring
            // has room for it (the entry under way is not counted yet)
            if (state_q == S_WRITE) begin
                assert (!full_o);
                assert (head_valid_i);
                // the write on the bus is write n_q of the entry at RING_WP
                assert (n_q <= LAST);
`ifndef FORMAL
                // (simulation only: the whole-block proof does not carry
                // the queue's RAM, whose read is the head; the ring's own
                // proof checks every word on the bus against the message)
                assert (dat_q == write_data(n_q));
`endif
                assert ((adr & ~ring_bytes) == base_i && (base_i & ring_bytes) == 32'd0);
            end
            // the queue is popped only by the last write's ack
            if (pop) assert (state_q == S_WRITE && ack_i && n_q == LAST);
        end
    end
`endif

endmodule

`resetall
