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
        if (IN_BITS < OUT_BITS) begin
            $error("sp_xor_fold: IN_BITS must be at least OUT_BITS");
            $finish;
        end
    end

    // xor-fold to a fixed width m, a chunk of m bits at a time (whole-word
    // operations; bit i of the word lands in bit i mod m).
    function [OUT_BITS-1:0] fold_fixed;
        input [IN_BITS-1:0] w;
        input integer m;
        reg   [IN_BITS-1:0] t;
        reg   [OUT_BITS-1:0] mask;
        integer j;
        begin
            fold_fixed = {OUT_BITS{1'b0}};
            mask       = {OUT_BITS{1'b1}} >> (OUT_BITS - m);
            t          = w;
            for (j = 0; j < IN_BITS; j = j + m) begin
                fold_fixed = fold_fixed ^ (t[OUT_BITS-1:0] & mask);
                t          = t >> m;
            end
        end
    endfunction

    // All widths side by side: width m at bits m*OUT_BITS +: OUT_BITS; slot
    // 0 (width 0) and the slots past OUT_BITS stay zero.
    wire [16*OUT_BITS-1:0] folds;
    assign folds[OUT_BITS-1:0] = {OUT_BITS{1'b0}};

    genvar g;
    generate
        for (g = 1; g <= OUT_BITS; g = g + 1) begin : g_width
            assign folds[g*OUT_BITS +: OUT_BITS] = fold_fixed(data_i, g);
        end
        if (OUT_BITS < 15) begin : g_pad
            assign folds[16*OUT_BITS-1:(OUT_BITS+1)*OUT_BITS] = {((15 - OUT_BITS)*OUT_BITS){1'b0}};
        end
    endgenerate

    always @* fold_o = folds[bits_i*OUT_BITS +: OUT_BITS];

endmodule

`resetall
