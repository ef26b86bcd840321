// SPDX-License-Identifier: Apache-2.0
// sp_synth_top.v - synthesis wrapper that puts sp_stratprof on a small FPGA
// package for area and timing measurement.
//
// The block has about 150 ports, more than an iCE40 UP5K package has pins.
// Every block input therefore comes from a shift register loaded one bit per
// clock from a pin, and every output is folded into one registered pin, so
// no logic can be optimised away and every timing path is register to
// register.  The wrapper adds IN_BITS + 1 flip-flops and an xor tree.
`resetall
`default_nettype none

module sp_synth_top #(
    // word width of the block
    parameter WORD_BITS     = 32,
    // log2 of the counter-table entries
    parameter TABLE_AW      = 11,
    // log2 of the most TAG ways
    parameter WAYS_LOG2_MAX = 0,
    // widest tag
    parameter TAG_BITS_MAX  = 1,
    // counter-table count field
    parameter COUNT_BITS    = 8,
    // tagged miss counter
    parameter MISS_BITS     = 2,
    // build the tagged compressor
    parameter OPT_TAGGED    = 0,
    // build CR and HCR
    parameter OPT_CR        = 0,
    // build the tagged stratified sampler HTP
    parameter OPT_HTP       = 0,
    // entries of A_k
    parameter ASSOC_K       = 16,
    // log2 of the output queue depth
    parameter OQ_AW         = 8,
    // log2 of the tuple queue depth
    parameter TQ_AW         = 4,
    // accounting counter width
    parameter ACC_BITS      = 64,
    // entries of the PC filter
    parameter FILTER_N      = 8,
    // log2 of the largest message ring; 0: no ring
    parameter RING_AW       = 0,
    // A_k's count width: MSG_HEAD.COUNT's 28 in every synthesized build
    parameter ASSOC_COUNT_BITS = 28,
    // ECP5 block RAM cells with output registers (the ECP5 runs set it)
    parameter OPT_ECP5    = 0
) (
    input  wire clk_i,
    input  wire rst_i,
    input  wire shift_i,   // shift sdi_i into the input register this clock
    input  wire sdi_i,
    output wire sdo_o
);
    // tuple valid, kind, two words, then cyc, stb, we, address, data, select,
    // then the ring master's ack and err
    localparam IN_BITS = 1 + 3 + 2 * WORD_BITS + 3 + 12 + 32 + 4 + 2;
    // ready, ack, data, irq, drop, fsm, then the ring master's cyc, stb, we,
    // address, data, select
    localparam OUT_BITS = 1 + 1 + 32 + 1 + 1 + 8 + 3 + 32 + 32 + 4;

    reg  [IN_BITS-1:0]  in_q;
    reg                 out_q;
    wire [OUT_BITS-1:0] out_w;

    always @(posedge clk_i) begin
        if (shift_i)
            in_q <= {in_q[IN_BITS-2:0], sdi_i};
        out_q <= ^out_w;
    end

    sp_stratprof #(
        .WORD_BITS(WORD_BITS), .TABLE_AW(TABLE_AW), .WAYS_LOG2_MAX(WAYS_LOG2_MAX),
        .TAG_BITS_MAX(TAG_BITS_MAX), .COUNT_BITS(COUNT_BITS), .MISS_BITS(MISS_BITS),
        .OPT_TAGGED(OPT_TAGGED), .OPT_CR(OPT_CR), .OPT_HTP(OPT_HTP), .ASSOC_K(ASSOC_K), .OQ_AW(OQ_AW),
        .TQ_AW(TQ_AW), .ACC_BITS(ACC_BITS), .FILTER_N(FILTER_N), .RING_AW(RING_AW),
        .ASSOC_COUNT_BITS(ASSOC_COUNT_BITS), .OPT_ECP5(OPT_ECP5)
    ) u_block (
        .clk_i         (clk_i),
        .rst_i         (rst_i),
        .tuple_valid_i (in_q[0]),
        .tuple_ready_o (out_w[0]),
        .tuple_kind_i  (in_q[3:1]),
        .tuple_word0_i (in_q[4 +: WORD_BITS]),
        .tuple_word1_i (in_q[4 + WORD_BITS +: WORD_BITS]),
        .wb_cyc_i      (in_q[4 + 2 * WORD_BITS]),
        .wb_stb_i      (in_q[5 + 2 * WORD_BITS]),
        .wb_we_i       (in_q[6 + 2 * WORD_BITS]),
        .wb_adr_i      (in_q[7 + 2 * WORD_BITS +: 12]),
        .wb_dat_i      (in_q[19 + 2 * WORD_BITS +: 32]),
        .wb_sel_i      (in_q[51 + 2 * WORD_BITS +: 4]),
        .wb_ack_o      (out_w[1]),
        .wb_dat_o      (out_w[2 +: 32]),
        .irq_o         (out_w[34]),
        .obs_drop_o    (out_w[35]),
        .obs_fsm_o     (out_w[36 +: 8]),
        .ring_cyc_o    (out_w[44]),
        .ring_stb_o    (out_w[45]),
        .ring_we_o     (out_w[46]),
        .ring_adr_o    (out_w[47 +: 32]),
        .ring_dat_o    (out_w[79 +: 32]),
        .ring_sel_o    (out_w[111 +: 4]),
        .ring_ack_i    (in_q[55 + 2 * WORD_BITS]),
        .ring_err_i    (in_q[56 + 2 * WORD_BITS])
    );

    assign sdo_o = out_q;
endmodule

`resetall
