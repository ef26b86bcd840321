// SPDX-License-Identifier: Apache-2.0
/*
 * sp_formal_wb.v - formal harness of the block's Wishbone B4 classic slave
 * (rtl/sp_regs.v): every input the datapath drives is left free (any value
 * in any clock), so the bus properties hold whatever the rest of the block
 * does.  Read by wishbone.sby only.
 *
 * Assumed, of the master: reset in the first clock; a request (CYC and STB)
 * once raised stays, with WE, ADR and DAT unchanged, until it is acked
 * (Wishbone classic, no retry or abort).
 *
 * Covered: a write rejected with each error code of the checks (spec 8.6;
 * the message ring's E_RING among them, its registers built), an accepted write, each command taking effect (clear, flush, snapshot, a
 * pop), reads acked after 1, 2 and 3 clocks, a SEED write accepted after
 * its hash, and a request in the clock after an ack.  HTP is left out of
 * the build so that a MODE write has a mode to reject (E_MODE); the bus
 * timing does not depend on the modes built.  The error code of the write being acked comes from sp_regs's
 * port f_code_o, which exists only under FORMAL.
 */
`default_nettype none
`include "sp_regs.vh"

module sp_formal_wb (
    input wire clk_i
);
    localparam LIMIT = 9;  // the slowest access (a SEED write, its hash) acks in 8 clocks
    // error codes (enum sp_err_code)
    localparam [7:0] E_NONE = 8'd0, E_RATE = 8'd1, E_TABLE_SIZE = 8'd2, E_WAYS = 8'd3,
                     E_TAG_BITS = 8'd4, E_THRESHOLD = 8'd5, E_MODE = 8'd6, E_BUSY = 8'd7,
                     E_SEED = 8'd8, E_WATERMARK = 8'd9, E_ADDRESS = 8'd10, E_CONFIG = 8'd11,
                     E_RESERVED = 8'd12, E_FILTER = 8'd13, E_RING = 8'd14;

    reg f_past_valid = 1'b0;
    always @(posedge clk_i)
        f_past_valid <= 1'b1;
    wire rst = !f_past_valid;

    (* anyseq *) wire        cyc, stb, we;
    (* anyseq *) wire [11:0] adr;
    (* anyseq *) wire [31:0] dat;
    wire        ack;
    wire [31:0] rdat;
    wire        clear, flush, snapshot, pop, seed_wr;
    wire [7:0]  f_code;

    // The datapath's inputs are left unconnected: wishbone.sby makes them
    // free with setundef -anyseq.
    sp_regs #(
        .ACC_BITS(32), .WORD_BITS(32), .TABLE_AW(2), .WAYS_LOG2_MAX(1), .TAG_BITS_MAX(2),
        .COUNT_BITS(4), .MISS_BITS(2), .OPT_TAGGED(1), .OPT_CR(1), .OPT_HTP(0),
        .ASSOC_K(2), .OQ_AW(2), .FILTER_N(1)
    ) u_dut (
        .clk_i   (clk_i),
        .rst_i   (rst),
        .wb_cyc_i(cyc),
        .wb_stb_i(stb),
        .wb_we_i (we),
        .wb_adr_i(adr),
        .wb_dat_i(dat),
        .wb_ack_o(ack),
        .wb_dat_o(rdat),
        .clear_o (clear),
        .flush_o (flush),
        .snapshot_o(snapshot),
        .pop_o   (pop),
        .seed_wr_o(seed_wr),
        .f_code_o(f_code)
    );

    // ---- the master
    reg        f_pending_q;  // a request was up and not acked at the last edge
    reg        f_we_q;
    reg [11:0] f_adr_q;
    reg [31:0] f_dat_q;
    reg        f_ack_q;
    reg [3:0]  f_wait_q;     // clocks the current request has waited
    always @(posedge clk_i) begin
        f_pending_q <= !rst && cyc && stb && !ack;
        f_we_q      <= we;
        f_adr_q     <= adr;
        f_dat_q     <= dat;
        f_ack_q     <= !rst && ack;
        f_wait_q    <= (!rst && cyc && stb && !ack) ? f_wait_q + 4'd1 : 4'd0;
    end
    always @(*) begin
        if (f_past_valid && f_pending_q)
            assume(cyc && stb && we == f_we_q && adr == f_adr_q && dat == f_dat_q);
    end

    // ---- the slave
    always @(*) begin
        if (f_past_valid) begin
            // no ack without a request: an ack comes only while CYC and STB are up
            if (ack) assert(cyc && stb);
            // one ack per request: acks never come in two clocks running, so
            // the request an ack ends gets no second one (a request held on
            // after its ack is the master's next one, acked later)
            if (f_ack_q) assert(!ack);
            // and every request is acked, within LIMIT clocks
            assert(f_wait_q < LIMIT);
            // a SEED write hands the generator its state in its ack cycle
            if (seed_wr) assert(ack && we && adr == `SP_REG_SEED);
        end
    end

    // ---- covers
    wire f_wr_ack = f_past_valid && ack && we;
    wire f_rd_ack = f_past_valid && ack && !we;
    always @(*) begin
        c_accepted:  cover(f_wr_ack && f_code == E_NONE);
        c_rate:      cover(f_wr_ack && f_code == E_RATE);
        c_size:      cover(f_wr_ack && f_code == E_TABLE_SIZE);
        c_ways:      cover(f_wr_ack && f_code == E_WAYS);
        c_tag_bits:  cover(f_wr_ack && f_code == E_TAG_BITS);
        c_threshold: cover(f_wr_ack && f_code == E_THRESHOLD);
        c_mode:      cover(f_wr_ack && f_code == E_MODE);
        c_busy:      cover(f_wr_ack && f_code == E_BUSY);
        c_seed:      cover(f_wr_ack && f_code == E_SEED);
        c_seed_set:  cover(f_wr_ack && f_code == E_NONE && adr == `SP_REG_SEED && f_wait_q == 4'd8);
        c_watermark: cover(f_wr_ack && f_code == E_WATERMARK);
        c_address:   cover(f_wr_ack && f_code == E_ADDRESS);
        c_config:    cover(f_wr_ack && f_code == E_CONFIG);
        c_reserved:  cover(f_wr_ack && f_code == E_RESERVED);
        c_filter:    cover(f_wr_ack && f_code == E_FILTER);
        c_ring:      cover(f_wr_ack && f_code == E_RING);
        c_clear:     cover(f_past_valid && clear);
        c_flush:     cover(f_past_valid && flush);
        c_snapshot:  cover(f_past_valid && snapshot);
        c_pop:       cover(f_past_valid && pop);
        c_read_1:    cover(f_rd_ack && f_wait_q == 4'd1);
        c_read_2:    cover(f_rd_ack && f_wait_q == 4'd2);
        c_read_3:    cover(f_rd_ack && f_wait_q == 4'd3);
        // the master's next request right after an ack
        c_next:      cover(f_past_valid && f_ack_q && cyc && stb);
    end
endmodule
