/*
 * sp_formal_wb.v - formal harness of the block's Wishbone B4 classic slave
 * (rtl/sp_regs.v): every input the datapath drives is left free (any value
 * in any clock), so the bus properties hold whatever the rest of the block
 * does.  Read by verif/formal/run-formal.sh only.
 *
 * Assumed, of the master: reset in the first clock; a request (CYC and STB)
 * once raised stays, with WE, ADR and DAT unchanged, until it is acked
 * (Wishbone classic, no retry or abort).
 */
`default_nettype none

module sp_formal_wb (
    input wire clk_i
);
    localparam LIMIT = 4;  // the slowest access (an accounting read) acks in 3 clocks

    reg f_past_valid = 1'b0;
    always @(posedge clk_i)
        f_past_valid <= 1'b1;
    wire rst = !f_past_valid;

    (* anyseq *) wire        cyc, stb, we;
    (* anyseq *) wire [11:0] adr;
    (* anyseq *) wire [31:0] dat;
    wire        ack;
    wire [31:0] rdat;

    // The datapath's inputs are left unconnected: run-formal.sh makes them
    // free with setundef -anyseq.
    sp_regs #(
        .ACC_BITS(32), .WORD_BITS(32), .TABLE_AW(2), .WAYS_LOG2_MAX(1), .TAG_BITS_MAX(2),
        .COUNT_BITS(4), .MISS_BITS(2), .OPT_TAGGED(1), .OPT_CR(1), .OPT_HTP(1),
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
        .wb_dat_o(rdat)
    );

    // ---- the master
    reg        f_pending_q;  // a request was up and not acked at the last edge
    reg        f_we_q;
    reg [11:0] f_adr_q;
    reg [31:0] f_dat_q;
    reg        f_ack_q;
    reg [2:0]  f_wait_q;     // clocks the current request has waited
    always @(posedge clk_i) begin
        f_pending_q <= !rst && cyc && stb && !ack;
        f_we_q      <= we;
        f_adr_q     <= adr;
        f_dat_q     <= dat;
        f_ack_q     <= !rst && ack;
        f_wait_q    <= (!rst && cyc && stb && !ack) ? f_wait_q + 3'd1 : 3'd0;
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
        end
    end
endmodule
