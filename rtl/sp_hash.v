// SPDX-License-Identifier: Apache-2.0
/*
 * sp_hash.v - the S-box and the hash of docs/spec.md section 4.
 *
 * Pipeline stages S0, S1 and S1H.  In S0 the tuple at the head of the tuple
 * queue presents its bytes as S-box read addresses: byte i of
 * word0 ^ kind to copy i, byte i of word1 to copy B + i.  In S1 the S-box
 * bytes are on the read ports and this module registers
 *
 *     x     = flip(randomize(word0 ^ kind)) ^ randomize(word1)
 *
 * and word0 ^ word1 ^ kind; in the next clock (S1H) it folds them:
 *
 *     index = xor-fold(x, index_bits_i)
 *     tag   = xor-fold(word0 ^ word1 ^ kind, tag_bits_i)
 *
 * The register splits the S-box RAMs' slow clock-to-output from the
 * run-time fold and the table read it addresses.
 *
 * The S-box is held as one 256x8 RAM per read port (2B for the pipeline,
 * one for SBOX_DATA reads) because a ROM read eight times per clock goes to
 * LUTs, while eight small RAMs each map to one block RAM.  All copies are
 * written together.  A further 256x8 RAM, never written, holds the default
 * S-box from rtl/sp_sbox_default.hex; the sweep after reset copies it into
 * the others.  The image path is `SP_SBOX_HEX, relative to the directory
 * the tool runs in (the repository root unless overridden).
 */
`resetall
`default_nettype none

`ifndef SP_SBOX_HEX
`define SP_SBOX_HEX "rtl/sp_sbox_default.hex"
`endif

module sp_hash #(
    // word width in bits, 32 or 64
    parameter WORD_BITS = 32,
    // width of the index output: the widest index (TABLE_AW, at least 1)
    parameter INDEX_W = 12,
    // widest tag, 1..8
    parameter TAG_BITS_MAX = 8
) (
    input  wire                 clk_i,
    // S0: the tuple whose S-box bytes are read this cycle
    input  wire [2:0]           s0_kind_i,
    input  wire [WORD_BITS-1:0] s0_word0_i,
    input  wire [WORD_BITS-1:0] s0_word1_i,
    // S1: the same tuple one clock later
    input  wire [2:0]           s1_kind_i,
    input  wire [WORD_BITS-1:0] s1_word0_i,
    input  wire [WORD_BITS-1:0] s1_word1_i,
    // S1H: the run-time widths and the hash of the tuple
    input  wire [3:0]           index_bits_i,
    input  wire [3:0]           tag_bits_i,
    output wire [INDEX_W-1:0]   index_o,
    output wire [TAG_BITS_MAX-1:0] tag_o,
    // one write port into every copy (SBOX_DATA, or the restore after reset)
    input  wire                 wr_i,
    input  wire [7:0]           wr_addr_i,
    input  wire [7:0]           wr_data_i,
    // SBOX_DATA reads: entry at bus_addr_i one clock later
    input  wire [7:0]           bus_addr_i,
    output wire [7:0]           bus_data_o,
    // the default S-box: entry at rom_addr_i one clock later
    input  wire [7:0]           rom_addr_i,
    output wire [7:0]           rom_data_o
);

    localparam B = WORD_BITS / 8;

    wire [WORD_BITS-1:0] s0_key0 = s0_word0_i ^ {{(WORD_BITS - 3){1'b0}}, s0_kind_i};

    // sb0: byte i is S[byte i of word0 ^ kind]; sb1 likewise for word1.
    wire [WORD_BITS-1:0] sb0, sb1;

    genvar i;
    generate
        for (i = 0; i < B; i = i + 1) begin : g_copy
            sp_ram_sdp #(
                .AW(8),
                .DW(8),
                .INIT_FILE(`SP_SBOX_HEX)
            ) u_sbox0 (
                .clk_i  (clk_i),
                .we_i   (wr_i),
                .waddr_i(wr_addr_i),
                .wdata_i(wr_data_i),
                .raddr_i(s0_key0[8*i +: 8]),
                .rdata_o(sb0[8*i +: 8])
            );
            sp_ram_sdp #(
                .AW(8),
                .DW(8),
                .INIT_FILE(`SP_SBOX_HEX)
            ) u_sbox1 (
                .clk_i  (clk_i),
                .we_i   (wr_i),
                .waddr_i(wr_addr_i),
                .wdata_i(wr_data_i),
                .raddr_i(s0_word1_i[8*i +: 8]),
                .rdata_o(sb1[8*i +: 8])
            );
        end
    endgenerate

    sp_ram_sdp #(
        .AW(8),
        .DW(8),
        .INIT_FILE(`SP_SBOX_HEX)
    ) u_sbox_bus (
        .clk_i  (clk_i),
        .we_i   (wr_i),
        .waddr_i(wr_addr_i),
        .wdata_i(wr_data_i),
        .raddr_i(bus_addr_i),
        .rdata_o(bus_data_o)
    );

    sp_ram_sdp #(
        .AW(8),
        .DW(8),
        .INIT_FILE(`SP_SBOX_HEX)
    ) u_rom (
        .clk_i  (clk_i),
        .we_i   (1'b0),
        .waddr_i(8'd0),
        .wdata_i(8'd0),
        .raddr_i(rom_addr_i),
        .rdata_o(rom_data_o)
    );

    // x: flip puts S[byte B-1-i of word0 ^ kind] in byte i.  It is formed
    // from the RAMs' outputs and registered: one LUT after the read port
    // here saves one in front of the fold and the table read in S1H.
    wire [WORD_BITS-1:0] x;
    generate
        for (i = 0; i < B; i = i + 1) begin : g_x
            assign x[8*i +: 8] = sb0[8*(B-1-i) +: 8] ^ sb1[8*i +: 8];
        end
    endgenerate

    wire [WORD_BITS-1:0] s1_tag_word =
        s1_word0_i ^ s1_word1_i ^ {{(WORD_BITS - 3){1'b0}}, s1_kind_i};

    reg [WORD_BITS-1:0] x_q, tag_word_q;
    always @(posedge clk_i) begin
        x_q        <= x;
        tag_word_q <= s1_tag_word;
    end

    sp_xor_fold #(
        .IN_BITS (WORD_BITS),
        .OUT_BITS(INDEX_W)
    ) u_index_fold (
        .data_i(x_q),
        .bits_i(index_bits_i),
        .fold_o(index_o)
    );

    sp_xor_fold #(
        .IN_BITS (WORD_BITS),
        .OUT_BITS(TAG_BITS_MAX)
    ) u_tag_fold (
        .data_i(tag_word_q),
        .bits_i(tag_bits_i),
        .fold_o(tag_o)
    );

endmodule

`resetall
