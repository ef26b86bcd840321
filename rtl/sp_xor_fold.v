// SPDX-License-Identifier: Apache-2.0
/*
 * sp_xor_fold.v - xor-fold of a word to a width chosen at run time
 * (docs/spec.md 4.2).
 *
 * xor-fold(w, m) splits w into m-bit chunks from bit 0 (the last one
 * zero-extended) and xors them; m = 0 gives 0.  The width comes from a
 * register (TABLE.INDEX_BITS, the set bits, TABLE.TAG_BITS), so every width
 * 1..OUT_BITS is built as a fixed xor network and a multiplexer picks one;
 * each network is a few LUTs because bit i of w only feeds bit i mod m.
 * Each network is written a word at a time (shifts and xors of the whole
 * word), not bit by bit, so that a simulator computes it in a few
 * operations.
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

    // parameter checks: a bad value instantiates a module named after the
    // rule it breaks, which does not exist, so every tool stops there
    generate
        if (OUT_BITS < 1 || OUT_BITS > 15) begin : g_bad_out_bits
            sp_xor_fold_OUT_BITS_must_be_1_to_15 u_error ();
        end
        if (IN_BITS < OUT_BITS) begin : g_bad_in_bits
            sp_xor_fold_IN_BITS_must_be_at_least_OUT_BITS u_error ();
        end
    endgenerate

    // xor-fold to a fixed width m, a word at a time: the word shifted right
    // by m, 2m, ... xored together, then cut to m bits (a chunk's high bits
    // beyond m are the next chunk's, masked away at the end).
    function [OUT_BITS-1:0] fold_fixed;
        input [IN_BITS-1:0] w;
        input integer m;
        integer c;
        reg [IN_BITS-1:0] rest;
        reg [OUT_BITS-1:0] mask;
        begin
            fold_fixed = {OUT_BITS{1'b0}};
            rest = w;
            for (c = 0; c < IN_BITS; c = c + m) begin
                fold_fixed = fold_fixed ^ rest[OUT_BITS-1:0];
                rest = rest >> m;
            end
            mask = {OUT_BITS{1'b1}} >> (OUT_BITS - m);
            fold_fixed = fold_fixed & mask;
        end
    endfunction

    // The selected width only is folded: each width is a fixed xor network
    // in hardware, and a simulator evaluates the one the register names
    // (the width changes only with the configuration).
    integer k;
    always @* begin
        fold_o = {OUT_BITS{1'b0}};
        for (k = 1; k <= OUT_BITS; k = k + 1)
            if ({28'd0, bits_i} == k) fold_o = fold_fixed(data_i, k);
    end

endmodule

`resetall
