// SPDX-License-Identifier: Apache-2.0
/*
 * sp_hash.v - the S-box and the hash of docs/spec.md section 4.
 *
 * Pipeline stages S0, S1 (S1X) and S1H.  In S0 the tuple at the head of the
 * tuple queue presents its bytes as S-box read addresses: byte i of
 * word0 ^ kind to copy i, byte i of word1 to copy B + i; its tag,
 *
 *     tag   = xor-fold(word0 ^ word1 ^ kind, tag_bits_i),
 *
 * needs no S-box and is folded and registered at once.  At the end of S1
 * the S-box bytes are on the read ports, and this module folds and
 * registers
 *
 *     x     = flip(randomize(word0 ^ kind)) ^ randomize(word1)
 *     index = xor-fold(x, index_bits_i)
 *
 * so S1H has index and tag from registers: the table read starts there,
 * and the tuple itself need not wait beside the hash.
 * On an ECP5 a block RAM's clock-to-output alone is 5.8 ns, so there
 * (OPT_DP16KD) the bytes come from the RAMs' output registers a clock
 * later, in S1X, where x is formed and registered; the fold (a run-time
 * width: an xor tree and a multiplexer, five or six LUT levels) has S1F
 * to itself.  The tuple pipeline around the hash follows (HASH_LAT).
 *
 * The S-box is held as one 256x8 RAM per read port (2B for the pipeline,
 * one for SBOX_DATA reads) because a ROM read eight times per clock goes to
 * LUTs, while eight small RAMs each map to one block RAM.  All copies are
 * written together.  A further 256x8 RAM, never written, holds the default
 * S-box (rtl/sp_sbox_default.vh, from scripts/gen_sbox.py); the sweep after
 * reset copies it into the others, so the copies need no initial contents.
 */
`resetall
`default_nettype none
`include "sp_sbox_default.vh"

module sp_hash #(
    // word width in bits, 32 or 64
    parameter WORD_BITS = 32,
    // width of the index output: the widest index (TABLE_AW, at least 1)
    parameter INDEX_W = 12,
    // widest tag, 1..8
    parameter TAG_BITS_MAX = 8,
    // 1: ECP5 DP16KD cells with their output registers (ECP5 synthesis only)
    parameter OPT_DP16KD = 0
) (
    input  wire                 clk_i,
    // S0: the tuple whose S-box bytes are read this cycle
    input  wire [2:0]           s0_kind_i,
    input  wire [WORD_BITS-1:0] s0_word0_i,
    input  wire [WORD_BITS-1:0] s0_word1_i,
    // the run-time widths (configuration); S1H: the hash of the tuple
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

    // One copy per read port, all written together: 2B for the hash (the
    // bytes of word0 ^ kind, then word1's), the last for the bus's reads,
    // which see an entry a clock after its address, as before: with
    // OPT_DP16KD through the output register too, their read taken by the
    // second of two clocks.
    localparam PORTS = 2 * B + 1;
    wire [8*PORTS-1:0] port_addr = {bus_addr_i, s0_word1_i, s0_key0};
    wire [8*PORTS-1:0] port_data;
    assign {bus_data_o, sb1, sb0} = port_data;

    genvar i;
    generate
        for (i = 0; i < PORTS; i = i + 1) begin : g_copy
            sp_ram_sdp #(
                .AW        (8),
                .DW        (8),
                .OUT_REG   (OPT_DP16KD),
                .OPT_DP16KD(OPT_DP16KD)
            ) u_sbox (
                .clk_i   (clk_i),
                .we_i    (wr_i),
                .waddr_i (wr_addr_i),
                .wdata_i (wr_data_i),
                .rd_en_i (1'b1),
                .raddr_i (port_addr[8*i +: 8]),
                .out_en_i(1'b1),
                .rdata_o (port_data[8*i +: 8])
`ifdef FORMAL
                , .f_mem_o(), .f_rdata1_o()
`endif
            );
        end
    endgenerate

    // the default S-box, read like the bus's copy
    sp_ram_sdp #(
        .AW        (8),
        .DW        (8),
        .OPT_INIT  (1),
        .INIT      (`SP_SBOX_DEFAULT),
        .OUT_REG   (OPT_DP16KD),
        .OPT_DP16KD(OPT_DP16KD)
    ) u_rom (
        .clk_i   (clk_i),
        .we_i    (1'b0),
        .waddr_i (8'd0),
        .wdata_i (8'd0),
        .rd_en_i (1'b1),
        .raddr_i (rom_addr_i),
        .out_en_i(1'b1),
        .rdata_o (rom_data_o)
`ifdef FORMAL
        , .f_mem_o(), .f_rdata1_o()
`endif
    );

    // x: flip puts S[byte B-1-i of word0 ^ kind] in byte i.  It is formed
    // from the RAMs' outputs and folded at once, and the index and tag are
    // registered: the table read in S1H starts from a register, and the
    // register is the fold's width, not the word's.  Behind the ECP5's
    // output registers x is registered first (S1X) and folded in S1F.
    wire [WORD_BITS-1:0] x_now, x;
    generate
        for (i = 0; i < B; i = i + 1) begin : g_x
            assign x_now[8*i +: 8] = sb0[8*(B-1-i) +: 8] ^ sb1[8*i +: 8];
        end
        if (OPT_DP16KD != 0) begin : g_x_reg
            reg [WORD_BITS-1:0] x_q;
            always @(posedge clk_i) x_q <= x_now;
            assign x = x_q;
        end else begin : g_x_now
            assign x = x_now;
        end
    endgenerate

    wire [WORD_BITS-1:0] s0_tag_word =
        s0_word0_i ^ s0_word1_i ^ {{(WORD_BITS - 3){1'b0}}, s0_kind_i};

    wire [INDEX_W-1:0]      index;
    wire [TAG_BITS_MAX-1:0] tag;

    sp_xor_fold #(
        .IN_BITS (WORD_BITS),
        .OUT_BITS(INDEX_W)
    ) u_index_fold (
        .data_i(x),
        .bits_i(index_bits_i),
        .fold_o(index)
    );

    sp_xor_fold #(
        .IN_BITS (WORD_BITS),
        .OUT_BITS(TAG_BITS_MAX)
    ) u_tag_fold (
        .data_i(s0_tag_word),
        .bits_i(tag_bits_i),
        .fold_o(tag)
    );

    // the tag, folded in S0, waits for the index: registered at the end of
    // S0 and of every hash stage after it (S1, or S1, S1X and S1F)
    localparam TAG_REGS = (OPT_DP16KD != 0) ? 4 : 2;
    reg [INDEX_W-1:0]               index_q;
    reg [TAG_REGS*TAG_BITS_MAX-1:0] tag_q;
    always @(posedge clk_i) begin
        index_q <= index;
        tag_q   <= {tag_q[0 +: (TAG_REGS - 1) * TAG_BITS_MAX], tag};
    end
    assign index_o = index_q;
    assign tag_o   = tag_q[(TAG_REGS - 1) * TAG_BITS_MAX +: TAG_BITS_MAX];

endmodule

`resetall
