// SPDX-License-Identifier: Apache-2.0
/*
 * sp_tag_fsm.v - one step of the tagged compressor (docs/spec.md 5.4).
 *
 * Purely combinational: given the entries of the tuple's set, which of
 * them hold the tuple's tag and how their counts order, and the
 * thresholds, it picks the one transition of the table in 5.4, the way it
 * applies to, that way's new contents, the message and the counts
 * discarded.  The set is given as all NCOL columns of a table row with
 * in_set_i marking the ways of the set (a row holds 2^WAYS_LOG2_MAX
 * entries, a set 2^WAYS_LOG2 of them, aligned), so column order is way
 * order.
 *
 * Entry states as in 5.2: Empty = !valid, Valid = valid & miss == 0,
 * Evict = valid & miss != 0.  The victim rule: the lowest Empty way; else
 * the set's Evict way (at most one; the lowest if the invariant were ever
 * broken); else the Valid way with the smallest count, lowest on ties.
 *
 * The way's own state decides which transition it takes if it is chosen:
 * a matching way E3 (E2) or E6 (E6a), an Empty one E1 (E2), an Evict one
 * E5 (E5a), another E4, since a way is chosen for a reason only when no
 * earlier reason chose another.  So every way's outcome is worked out side
 * by side, each from its own entry alone, while the choice is made, and
 * the choice only selects one (an AND-OR of one-hot terms).  Every
 * carry chain is outside: the tag match and the counts' order (match_i,
 * le_i), each way's count (and count + miss) against the thresholds
 * (flags_i, rtl/sp_tag_flags.v), and the sums a way's new count is made of
 * (hit_i, cm_i, replaced_i).
 * sp_stage1 makes them a clock ahead, so they start from registers and the
 * step is multiplexers after them; the step hands back the flags of the
 * way it writes (next_*_o), for the next decision on it.
 */
`resetall
`default_nettype none
`include "sp_tag_flags.vh"

module sp_tag_fsm #(
    // columns of a table row, a power of two 1..8
    parameter NCOL = 4,
    // width of a column number, at least 1
    parameter COL_W = 2,
    // counter-table count field
    parameter COUNT_BITS = 16,
    // widest tag
    parameter TAG_BITS_MAX = 8,
    // miss counter
    parameter MISS_BITS = 4
) (
    // the row: field k of each vector belongs to column k
    input  wire [NCOL*COUNT_BITS-1:0]   count_i,
    input  wire [NCOL-1:0]              valid_i,
    input  wire [NCOL*TAG_BITS_MAX-1:0] tag_i,
    input  wire [NCOL*MISS_BITS-1:0]    miss_i,
    input  wire [NCOL-1:0]              in_set_i,
    // column k holds the tuple: in the set, valid, and its tag the key's
    input  wire [NCOL-1:0]              match_i,
    // the counts' order: bit a*NCOL + b (a < b) is count[a] <= count[b]
    input  wire [NCOL*NCOL-1:0]         le_i,
    // each way's count + 1, count + miss and count + miss + 1 (sums that
    // start from registers too, in sp_stage1)
    input  wire [NCOL*(COUNT_BITS+1)-1:0] hit_i,
    input  wire [NCOL*(COUNT_BITS+1)-1:0] cm_i,
    input  wire [NCOL*(COUNT_BITS+1)-1:0] replaced_i,
    // each way's flags against the thresholds (sp_tag_flags), and RATE and
    // EVICT_HITS at most 1, at most 2 (a count of 0 or 1 reaches them)
    input  wire [NCOL*`SP_TAG_NF-1:0]   flags_i,
    input  wire                         rate_le1_i,
    input  wire                         rate_le2_i,
    input  wire                         evict_le1_i,
    input  wire                         evict_le2_i,
    // the tuple's tag and the configuration
    input  wire [TAG_BITS_MAX-1:0]      key_i,
    // REPLACE_MISSES - 1 (registered by sp_stage1: a way is replaced when
    // its misses reach it, with no increment in front of the comparison)
    input  wire [3:0]                   replace_m1_i,
    input  wire                         discard_i,
    // the way that changes (one-hot and its number) and its new contents;
    // whether the new tag is the key (E1, E5)
    output wire [NCOL-1:0]              sel_o,
    output reg  [COL_W-1:0]             col_o,
    output wire [COUNT_BITS-1:0]        count_o,
    output wire                         valid_o,
    output wire [TAG_BITS_MAX-1:0]      tag_o,
    output wire                         tag_key_o,
    output wire [MISS_BITS-1:0]         miss_o,
    // its count + miss, from the sums above (W keeps it, so the flags of
    // W's way need no adder after W: rtl/sp_stage1.v)
    output wire [COUNT_BITS:0]          cm_o,
    // the message <t, emit_count_o> when emit_o
    output wire                         emit_o,
    output wire [COUNT_BITS:0]          emit_count_o,
    // count units thrown away (discard mode, E5 and E6)
    output wire [COUNT_BITS:0]          discard_o,
    // transitions taken, bit i = enum sp_fsm_edge i
    output wire [7:0]                   edge_o,
    // the chosen way as it is left: F_A1, F_C1 and F_E1 of its new contents
    output wire                         next_hit_sat_o,
    output wire                         next_cm_sat_o,
    output wire                         next_evict_ge_o
);

    // Message counts and hit counts need one bit more than the count field:
    // count + miss + 1 < 2^(COUNT_BITS+1) because MISS_BITS <= COUNT_BITS.
    localparam HW = COUNT_BITS + 1;
    // what a step reports, the low bits of an outcome: emit, emit count,
    // discard, edges
    localparam RW = 1 + HW + HW + 8;
    // a way's outcome: the flags it leaves (next_*_o), count, valid, tag,
    // tag is the key, miss, count + miss, and the report
    localparam OW = 3 + COUNT_BITS + 1 + TAG_BITS_MAX + 1 + MISS_BITS + HW + RW;

    localparam E1 = 0, E2 = 1, E3 = 2, E4 = 3, E5 = 4, E5A = 5, E6 = 6, E6A = 7;

    localparam NF = `SP_TAG_NF;

    // ---- each way: its class, and what it becomes if it is chosen
    wire [NCOL-1:0]    evict, empty;
    wire [NCOL*OW-1:0] outcome;
    genvar k;
    generate
        for (k = 0; k < NCOL; k = k + 1) begin : g_way
            wire [COUNT_BITS-1:0]   c   = count_i[k*COUNT_BITS +: COUNT_BITS];
            wire [MISS_BITS-1:0]    m   = miss_i[k*MISS_BITS +: MISS_BITS];
            wire [TAG_BITS_MAX-1:0] t   = tag_i[k*TAG_BITS_MAX +: TAG_BITS_MAX];
            wire                    ev  = m != {MISS_BITS{1'b0}};
            assign evict[k] = in_set_i[k] && valid_i[k] && ev;
            assign empty[k] = in_set_i[k] && !valid_i[k];

            wire [HW-1:0] m_x      = {{(HW - MISS_BITS){1'b0}}, m};
            wire [HW-1:0] hit      = hit_i[k*HW +: HW];
            wire [HW-1:0] cm       = cm_i[k*HW +: HW];
            wire [HW-1:0] replaced = replaced_i[k*HW +: HW];
            wire [HW-1:0] handed   = discard_i ? {{(HW - 1){1'b0}}, 1'b1} : replaced;
            wire [4:0]    m5       = {{(5 - MISS_BITS){1'b0}}, m};
            wire [NF-1:0] f        = flags_i[k*NF +: NF];
            wire          hit_sat        = f[`SP_TAG_F_A1];
            // E5 when discarding hands over a count of 1
            wire          hand_sat       = discard_i ? rate_le1_i : f[`SP_TAG_F_C1];
            wire          should_evict   = f[`SP_TAG_F_E1] || hit_sat;
            wire          should_replace = m5 >= {1'b0, replace_m1_i};
            wire [MISS_BITS-1:0] m_next  = m + {{(MISS_BITS - 1){1'b0}}, 1'b1};

            reg [COUNT_BITS-1:0]   o_count;
            reg                    o_valid, o_key, o_emit;
            reg [TAG_BITS_MAX-1:0] o_tag;
            reg [MISS_BITS-1:0]    o_miss;
            reg [HW-1:0]           o_cm, o_emit_count, o_discard;
            reg [7:0]              o_edge;
            // E3, E1 and E5 leave `landing` counts in the way; E2 follows
            // any of them when those reach RATE (E1+E2, E5+E2)
            reg                    lands, landing_sat;
            reg [HW-1:0]           landing;
            always @* begin
                // defaults: the way keeps its contents, nothing is reported
                o_count      = c;
                o_valid      = 1'b1;
                o_tag        = t;
                o_key        = 1'b0;
                o_miss       = m;
                o_cm         = cm;
                o_emit       = 1'b0;
                o_emit_count = {HW{1'b0}};
                o_discard    = {HW{1'b0}};
                o_edge       = 8'd0;
                lands        = 1'b0;
                landing      = hit;
                landing_sat  = hit_sat;
                if (match_i[k] && !ev) begin
                    // E3, or E2 when the hit count reaches RATE
                    o_edge[E3] = !hit_sat;
                    lands      = 1'b1;
                end else if (match_i[k]) begin
                    // E6: report the hits, the misses stay as the carry (or are discarded)
                    if (should_evict) begin
                        o_edge[E6]   = 1'b1;
                        o_count      = discard_i ? {COUNT_BITS{1'b0}} : m_x[COUNT_BITS-1:0];
                        o_valid      = 1'b0;
                        o_miss       = {MISS_BITS{1'b0}};
                        o_cm         = discard_i ? {HW{1'b0}} : m_x;
                        o_emit       = 1'b1;
                        o_emit_count = hit;
                        o_discard    = discard_i ? m_x : {HW{1'b0}};
                    end else begin
                        // E6a
                        o_edge[E6A] = 1'b1;
                        o_count     = hit[COUNT_BITS-1:0];
                        o_cm        = replaced;
                    end
                end else if (!valid_i[k]) begin
                    // E1: allocate on top of the carry
                    o_edge[E1] = 1'b1;
                    o_tag      = key_i;
                    o_key      = 1'b1;
                    o_miss     = {MISS_BITS{1'b0}};
                    lands      = 1'b1;
                end else if (ev) begin
                    if (should_replace) begin
                        // E5: the newcomer takes count + miss + 1 (or 1 when discarding)
                        o_edge[E5]  = 1'b1;
                        o_tag       = key_i;
                        o_key       = 1'b1;
                        o_miss      = {MISS_BITS{1'b0}};
                        o_discard   = discard_i ? cm : {HW{1'b0}};
                        lands       = 1'b1;
                        landing     = handed;
                        landing_sat = hand_sat;
                    end else begin
                        // E5a
                        o_edge[E5A] = 1'b1;
                        o_miss      = m_next;
                        o_cm        = replaced;
                    end
                end else begin
                    // E4: the Valid way with the fewest hits starts to leave
                    o_edge[E4] = 1'b1;
                    o_miss     = {{(MISS_BITS - 1){1'b0}}, 1'b1};
                    o_cm       = hit;
                end
                if (lands) begin
                    if (landing_sat) begin
                        o_edge[E2]   = 1'b1;
                        o_count      = {COUNT_BITS{1'b0}};
                        o_valid      = 1'b0;
                        o_cm         = {HW{1'b0}};
                        o_emit       = 1'b1;
                        o_emit_count = landing;
                    end else begin
                        o_count = landing[COUNT_BITS-1:0];
                        // E1, E3 and E5 leave no misses
                        o_cm    = landing;
                    end
                end
            end
            // the flags of the way as its transition leaves it, from its
            // own flags (sp_tag_flags.v says which count each tests)
            reg [2:0] o_next;   // F_A1, F_C1, F_E1 of the new contents
            always @* begin
                if (o_edge[E2] || (o_edge[E6] && discard_i)) begin
                    // a count of 0, no misses (E2 alone or after E1, E3, E5)
                    o_next = {rate_le1_i, rate_le1_i, evict_le1_i};
                end else if (o_edge[E1] || o_edge[E3]) begin
                    // count + 1, no misses
                    o_next = {f[`SP_TAG_F_A2], f[`SP_TAG_F_A2], f[`SP_TAG_F_E2]};
                end else if (o_edge[E6A]) begin
                    // count + 1, the misses kept
                    o_next = {f[`SP_TAG_F_A2], f[`SP_TAG_F_C2], f[`SP_TAG_F_E2]};
                end else if (o_edge[E6]) begin
                    // the misses left as the carry
                    o_next = {f[`SP_TAG_F_MR], f[`SP_TAG_F_MR], f[`SP_TAG_F_ME]};
                end else if (o_edge[E5] && discard_i) begin
                    // a count of 1 handed over
                    o_next = {rate_le2_i, rate_le2_i, evict_le2_i};
                end else if (o_edge[E5]) begin
                    // count + miss + 1 handed over, no misses
                    o_next = {f[`SP_TAG_F_C2], f[`SP_TAG_F_C2], f[`SP_TAG_F_CE2]};
                end else if (o_edge[E5A]) begin
                    // one miss more
                    o_next = {f[`SP_TAG_F_A1], f[`SP_TAG_F_C2], f[`SP_TAG_F_E1]};
                end else begin
                    // E4: one miss
                    o_next = {f[`SP_TAG_F_A1], f[`SP_TAG_F_A2], f[`SP_TAG_F_E1]};
                end
            end
            assign outcome[k*OW +: OW] = {o_next, o_count, o_valid, o_tag, o_key, o_miss, o_cm, o_emit,
                                          o_emit_count, o_discard, o_edge};
        end
    endgenerate

    // ---- the choice, one-hot: the first matching way; else the first
    // Empty one; else the first Evict one; else the smallest count
    function [NCOL-1:0] first_of(input [NCOL-1:0] m);
        integer j;
        reg     seen;
        begin
            seen = 1'b0;
            for (j = 0; j < NCOL; j = j + 1) begin
                first_of[j] = m[j] && !seen;
                seen        = seen || m[j];
            end
        end
    endfunction
    // way a is the smallest: no smaller count at a later way, none as
    // small at an earlier one (lower column wins ties)
    reg [NCOL-1:0] smallest;
    integer a, b;
    always @* begin
        for (a = 0; a < NCOL; a = a + 1) begin
            smallest[a] = in_set_i[a];
            for (b = 0; b < NCOL; b = b + 1)
                if (b != a && in_set_i[b])
                    smallest[a] = smallest[a] && ((a < b) ? le_i[a*NCOL + b] : !le_i[b*NCOL + a]);
        end
    end
    wire any_match = |match_i;
    wire any_empty = |empty;
    wire any_evict = |evict;
    // A way chosen for a reason (it matches, is Empty or is Evict) takes
    // its own transition; with none, every way of the set is Valid with no
    // misses and no match, and the smallest takes E4, which reports
    // nothing.  So the report is selected by the reason's way alone: the
    // counts' order, the one input compared anew on W's way in the
    // decision's clock, reaches only the way that changes and its contents.
    wire            reason     = any_match || any_empty || any_evict;
    wire [NCOL-1:0] sel_reason = any_match ? first_of(match_i) : any_empty ? first_of(empty) :
                                 first_of(evict);
    wire [NCOL-1:0] sel        = reason ? sel_reason : smallest;
    assign sel_o = sel;

    // ---- the chosen way's outcome and flags: the reason's way's, or with
    // none the smallest's E4, each selected apart and the two only at the
    // end, so that the counts' order (for W's way compared in this clock,
    // sp_stage1) passes one multiplexer after `smallest`
    function [OW-1:0] outcome_of(input [NCOL*OW-1:0] all, input [NCOL-1:0] one);
        integer s;
        begin
            outcome_of = {OW{1'b0}};
            for (s = 0; s < NCOL; s = s + 1)
                outcome_of = outcome_of | (all[s*OW +: OW] & {OW{one[s]}});
        end
    endfunction
    function [COL_W-1:0] col_of(input [NCOL-1:0] one);
        integer s;
        begin
            col_of = {COL_W{1'b0}};
            for (s = 0; s < NCOL; s = s + 1)
                col_of = col_of | (s[COL_W-1:0] & {COL_W{one[s]}});
        end
    endfunction
    wire [OW-1:0] reason_outcome = outcome_of(outcome, sel_reason);
    wire [OW-1:0] chosen = reason ? reason_outcome : outcome_of(outcome, smallest);
    always @* col_o = reason ? col_of(sel_reason) : col_of(smallest);
    wire [RW-1:0] unused_chosen_report;
    assign {next_hit_sat_o, next_cm_sat_o, next_evict_ge_o, count_o, valid_o, tag_o, tag_key_o, miss_o, cm_o,
            unused_chosen_report} = chosen;

    // ---- what the step reports: the message, the discard, the transition
    // (with no reason E4, which reports nothing)
    assign {emit_o, emit_count_o, discard_o, edge_o} = reason ? reason_outcome[RW-1:0]
                                                              : {{(RW - 8){1'b0}}, 8'd1 << E4};

endmodule

`resetall
