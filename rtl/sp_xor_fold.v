/*
 * sp_xor_fold.v - xor-fold of a word to a width chosen at run time
 * (docs/spec.md 4.2).
 *
 * xor-fold(w, m) splits w into m-bit chunks from bit 0 (the last one
 * zero-extended) and xors them; m = 0 gives 0.  The width comes from a
 * register (TABLE.INDEX_BITS, the set bits, TABLE.TAG_BITS), so every width
 * 1..OUT_BITS is built as a fixed xor network and a multiplexer picks one;
 * each network is a few LUTs because bit i of w only feeds bit i mod m.
 */
`resetall
`default_nettype none

module sp_xor_fold #(
    // width of the folded word
    parameter IN_BITS = 32,
    // widest fold built, 1..15
    parameter OUT_BITS = 12
) (
    input  wire [IN_BITS-1:0]  data_i,
    // fold width m, 0..OUT_BITS (larger values give 0)
    input  wire [3:0]          bits_i,
    output reg  [OUT_BITS-1:0] fold_o
);

    initial begin
        if (OUT_BITS < 1 || OUT_BITS > 15) begin
            $error("sp_xor_fold: OUT_BITS must be 1..15");
            $finish;
        end
    end

    // xor-fold to a fixed width m: bit i of the word lands in bit i mod m.
    function [OUT_BITS-1:0] fold_fixed;
        input [IN_BITS-1:0] w;
        input integer m;
        integer i;
        begin
            fold_fixed = {OUT_BITS{1'b0}};
            for (i = 0; i < IN_BITS; i = i + 1)
                fold_fixed[i % m] = fold_fixed[i % m] ^ w[i];
        end
    endfunction

    // All widths side by side: width m at bits m*OUT_BITS +: OUT_BITS
    // (slot 0, width 0, stays zero).
    wire [(OUT_BITS+1)*OUT_BITS-1:0] folds;
    assign folds[OUT_BITS-1:0] = {OUT_BITS{1'b0}};

    genvar g;
    generate
        for (g = 1; g <= OUT_BITS; g = g + 1) begin : g_width
            assign folds[g*OUT_BITS +: OUT_BITS] = fold_fixed(data_i, g);
        end
    endgenerate

    integer k;
    always @* begin
        fold_o = {OUT_BITS{1'b0}};
        for (k = 1; k <= OUT_BITS; k = k + 1)
            if ({28'd0, bits_i} == k) fold_o = folds[k*OUT_BITS +: OUT_BITS];
    end

endmodule

`resetall
