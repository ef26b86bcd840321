// SPDX-License-Identifier: Apache-2.0
/*
 * sp_tag_flags.v - one way of the tagged compressor against its thresholds:
 * the comparisons sp_tag_fsm decides on, made a clock before the decision.
 *
 * The decision needs a way's count + 1 and count + miss + 1 against RATE
 * and its count + 1 against EVICT_HITS (spec 5.4).  The decision after it
 * on the same way (the next event of the row, with the way in W) needs the
 * same of the way as the decision leaves it, whose count is count + 1,
 * count + miss + 1, the count, the miss or a constant: so the flags of
 * those are worked out here too, against the thresholds less one and two
 * (thr_*_i, registered by sp_stage1), and the decision picks the three it
 * leaves by its transition.  Bit `SP_TAG_F_* of flags_o (sp_tag_flags.vh):
 *   F_A1  count >= RATE - 1          F_A2  count >= RATE - 2 (count + 1 >= RATE - 1)
 *   F_E1  count >= EVICT_HITS - 1    F_E2  count >= EVICT_HITS - 2
 *   F_C1  count + miss >= RATE - 1   F_C2  count + miss >= RATE - 2
 *   F_CE2 count + miss >= EVICT_HITS - 2
 *   F_MR  miss >= RATE - 1           F_ME  miss >= EVICT_HITS - 1
 * A threshold less two is 0 where it would be negative (the test holds).
 * count + miss comes in ready (cm_i) where the caller has it from a
 * register (W's way, whose sum its decision kept), so the comparisons are
 * the only carry chains here.  For a word straight from a RAM (CM_READY =
 * 0) each comparison adds the miss itself: count + miss - threshold as one
 * carry chain over a carry-save sum of the three, so no adder stands in
 * front of the chain.
 */
`resetall
`default_nettype none
`include "sp_tag_flags.vh"

module sp_tag_flags #(
    // counter-table count field, 1..16
    parameter COUNT_BITS = 16,
    // miss counter, 2..4
    parameter MISS_BITS = 4,
    // 1: cm_i carries count + miss; 0: cm_i is not read, the comparisons add
    parameter CM_READY = 1
) (
    input  wire [COUNT_BITS-1:0] count_i,
    input  wire [MISS_BITS-1:0]  miss_i,
    // count_i + miss_i (CM_READY = 1)
    input  wire [COUNT_BITS:0]   cm_i,
    // RATE - 1, RATE - 2, EVICT_HITS - 1, EVICT_HITS - 2 (at most
    // 2^COUNT_BITS - 1 while events flow: EVICT_HITS <= RATE <= 2^COUNT_BITS)
    input  wire [COUNT_BITS:0]   thr_r1_i,
    input  wire [COUNT_BITS:0]   thr_r2_i,
    input  wire [COUNT_BITS:0]   thr_e1_i,
    input  wire [COUNT_BITS:0]   thr_e2_i,
    output wire [`SP_TAG_NF-1:0] flags_o
);

    wire [COUNT_BITS:0] c  = {1'b0, count_i};
    wire [COUNT_BITS:0] m  = {{(COUNT_BITS + 1 - MISS_BITS){1'b0}}, miss_i};

    assign flags_o[`SP_TAG_F_A1]  = c >= thr_r1_i;
    assign flags_o[`SP_TAG_F_A2]  = c >= thr_r2_i;
    assign flags_o[`SP_TAG_F_E1]  = c >= thr_e1_i;
    assign flags_o[`SP_TAG_F_E2]  = c >= thr_e2_i;
    // count + miss >= t: the sign of count + miss + ~t + 1, the three
    // summed bitwise into two words (one LUT level) and those added with
    // the + 1 carried in at a bit below them, as one chain
    localparam SW = COUNT_BITS + 2;
    function cm_ge(input [COUNT_BITS-1:0] cnt, input [MISS_BITS-1:0] mis, input [COUNT_BITS:0] t);
        reg [SW-1:0] x, y, nt, cx, mx;
        reg [SW:0]   sum;
        reg          unused_sum;
        begin
            cx         = {2'b00, cnt};
            mx         = {{(SW - MISS_BITS){1'b0}}, mis};
            nt         = ~{1'b0, t};
            x          = cx ^ mx ^ nt;
            y          = ((cx & mx) | (cx & nt) | (mx & nt)) << 1;
            sum        = {x, 1'b1} + {y, 1'b1};
            cm_ge      = !sum[SW];
            unused_sum = ^sum[SW-1:0];
        end
    endfunction

    generate
        if (CM_READY != 0) begin : g_cm_ready
            assign flags_o[`SP_TAG_F_C1]  = cm_i >= thr_r1_i;
            assign flags_o[`SP_TAG_F_C2]  = cm_i >= thr_r2_i;
            assign flags_o[`SP_TAG_F_CE2] = cm_i >= thr_e2_i;
        end else begin : g_cm_added
            assign flags_o[`SP_TAG_F_C1]  = cm_ge(count_i, miss_i, thr_r1_i);
            assign flags_o[`SP_TAG_F_C2]  = cm_ge(count_i, miss_i, thr_r2_i);
            assign flags_o[`SP_TAG_F_CE2] = cm_ge(count_i, miss_i, thr_e2_i);
            wire unused_cm = ^cm_i;
        end
    endgenerate
    assign flags_o[`SP_TAG_F_MR]  = m >= thr_r1_i;
    assign flags_o[`SP_TAG_F_ME]  = m >= thr_e1_i;

endmodule

`resetall
