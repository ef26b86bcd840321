// SPDX-License-Identifier: Apache-2.0
/*
 * sp_tag_fsm.v - one step of the tagged compressor (docs/spec.md 5.4).
 *
 * Purely combinational: given the entries of the tuple's set (with
 * forwarding already applied), the tuple's tag and the thresholds, it picks
 * the one transition of the table in 5.4, the way it applies to, that way's
 * new contents, the message and the counts discarded.  The set is given as
 * all NCOL columns of a table row with in_set_i marking the ways of the set
 * (a row holds 2^WAYS_LOG2_MAX entries, a set 2^WAYS_LOG2 of them, aligned),
 * so column order is way order.
 *
 * Entry states as in 5.2: Empty = !valid, Valid = valid & miss == 0,
 * Evict = valid & miss != 0.  The victim rule: the lowest Empty way; else
 * the set's Evict way (at most one; the lowest if the invariant were ever
 * broken); else the Valid way with the smallest count, lowest on ties.
 */
`resetall
`default_nettype none

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
    // the tuple's tag and the configuration
    input  wire [TAG_BITS_MAX-1:0]      key_i,
    input  wire [15:0]                  rate_i,
    input  wire [15:0]                  evict_hits_i,
    input  wire [3:0]                   replace_misses_i,
    input  wire                         discard_i,
    // the way that changes and its new contents
    output reg  [COL_W-1:0]             col_o,
    output reg  [COUNT_BITS-1:0]        count_o,
    output reg                          valid_o,
    output reg  [TAG_BITS_MAX-1:0]      tag_o,
    output reg  [MISS_BITS-1:0]         miss_o,
    // the message <t, emit_count_o> when emit_o
    output reg                          emit_o,
    output reg  [COUNT_BITS:0]          emit_count_o,
    // count units thrown away (discard mode, E5 and E6)
    output reg  [COUNT_BITS:0]          discard_o,
    // transitions taken, bit i = enum sp_fsm_edge i
    output reg  [7:0]                   edge_o
);

    // Message counts and hit counts need one bit more than the count field:
    // count + miss + 1 < 2^(COUNT_BITS+1) because MISS_BITS <= COUNT_BITS.
    localparam HW = COUNT_BITS + 1;
    // Comparisons with RATE and EVICT_HITS (16 bits) happen at CW bits.
    localparam CW = ((HW > 16) ? HW : 16) + 1;

    localparam E1 = 0, E2 = 1, E3 = 2, E4 = 3, E5 = 4, E5A = 5, E6 = 6, E6A = 7;

    // ---- per-column classification
    wire [NCOL-1:0] match, evict, empty;
    genvar k;
    generate
        for (k = 0; k < NCOL; k = k + 1) begin : g_col
            assign match[k] = in_set_i[k] && valid_i[k] &&
                              tag_i[k*TAG_BITS_MAX +: TAG_BITS_MAX] == key_i;
            assign evict[k] = in_set_i[k] && valid_i[k] &&
                              miss_i[k*MISS_BITS +: MISS_BITS] != {MISS_BITS{1'b0}};
            assign empty[k] = in_set_i[k] && !valid_i[k];
        end
    endgenerate

    // ---- the Valid way with the smallest count: a tree, lower column wins ties.
    // Node n of a heap-ordered tree holds {present, count, column}; the leaves
    // n = NCOL-1 .. 2*NCOL-2 are the columns in order, node 0 is the root.
    localparam NW = 1 + COUNT_BITS + COL_W;
    reg [(2*NCOL-1)*NW-1:0] node;
    reg [NW-1:0]            left, right;
    integer n;
    always @* begin
        node  = {((2*NCOL-1)*NW){1'b0}};
        left  = {NW{1'b0}};
        right = {NW{1'b0}};
        for (n = 0; n < NCOL; n = n + 1)
            node[(NCOL-1+n)*NW +: NW] =
                {in_set_i[n], count_i[n*COUNT_BITS +: COUNT_BITS], n[COL_W-1:0]};
        for (n = NCOL - 2; n >= 0; n = n - 1) begin
            left  = node[(2*n+1)*NW +: NW];
            right = node[(2*n+2)*NW +: NW];
            if (left[NW-1] && (!right[NW-1] ||
                               left[COL_W +: COUNT_BITS] <= right[COL_W +: COUNT_BITS]))
                node[n*NW +: NW] = left;
            else
                node[n*NW +: NW] = right;
        end
    end
    wire [COL_W-1:0] min_col = node[COL_W-1:0];
    // the root's present flag and count, and the inner nodes, have no other use
    wire unused_node = ^node[(2*NCOL-1)*NW-1:COL_W];

    // ---- lowest-numbered column of a mask (first match, first empty, first evict)
    function [COL_W-1:0] first_of;
        input [NCOL-1:0] m;
        integer j;
        begin
            first_of = {COL_W{1'b0}};
            for (j = NCOL - 1; j >= 0; j = j - 1)
                if (m[j]) first_of = j[COL_W-1:0];
        end
    endfunction

    wire any_match = |match;
    wire any_empty = |empty;
    wire any_evict = |evict;

    reg [COL_W-1:0] sel;
    always @* begin
        if (any_match) sel = first_of(match);
        else if (any_empty) sel = first_of(empty);
        else if (any_evict) sel = first_of(evict);
        else sel = min_col;
    end

    // ---- every way's sums and threshold tests, side by side: they do not
    // wait for the choice of the way (below), which then only selects them.
    // A test of a count + 1 is made on the count against the threshold - 1
    // (RATE and EVICT_HITS are at least 1), so it does not wait for the sum.
    wire [CW-1:0] rate_x     = {{(CW - 16){1'b0}}, rate_i};
    wire [CW-1:0] rate_m1_x  = rate_x - {{(CW - 1){1'b0}}, 1'b1};
    wire [CW-1:0] evict_m1_x = {{(CW - 16){1'b0}}, evict_hits_i} - {{(CW - 1){1'b0}}, 1'b1};
    // E5 when discarding hands over a count of 1
    wire          one_sat    = rate_x <= {{(CW - 1){1'b0}}, 1'b1};
    wire [NCOL*HW-1:0] hit_v, handed_v;
    wire [NCOL-1:0]    hit_sat_v, hand_sat_v, should_evict_v, should_replace_v;
    generate
        for (k = 0; k < NCOL; k = k + 1) begin : g_sum
            wire [HW-1:0] c_x = {1'b0, count_i[k*COUNT_BITS +: COUNT_BITS]};
            wire [HW-1:0] m_x = {{(HW - MISS_BITS){1'b0}}, miss_i[k*MISS_BITS +: MISS_BITS]};
            wire [HW-1:0] hit      = c_x + {{(HW - 1){1'b0}}, 1'b1};
            wire [HW-1:0] cm       = c_x + m_x;
            wire [HW-1:0] replaced = cm + {{(HW - 1){1'b0}}, 1'b1};
            wire [CW-1:0] c_w      = {{(CW - HW){1'b0}}, c_x};
            wire [CW-1:0] cm_w     = {{(CW - HW){1'b0}}, cm};
            wire [4:0] m_next = {{(5 - MISS_BITS){1'b0}}, miss_i[k*MISS_BITS +: MISS_BITS]} + 5'd1;
            assign hit_v[k*HW +: HW]    = hit;
            assign handed_v[k*HW +: HW] = discard_i ? {{(HW - 1){1'b0}}, 1'b1} : replaced;
            assign hit_sat_v[k]         = c_w >= rate_m1_x;
            assign hand_sat_v[k]        = discard_i ? one_sat : cm_w >= rate_m1_x;
            assign should_evict_v[k]    = c_w >= evict_m1_x || c_w >= rate_m1_x;
            assign should_replace_v[k]  = m_next >= {1'b0, replace_misses_i};
        end
    endgenerate

    // ---- the chosen way's fields and tests
    wire [COUNT_BITS-1:0]   s_count = count_i[sel*COUNT_BITS +: COUNT_BITS];
    wire [TAG_BITS_MAX-1:0] s_tag   = tag_i[sel*TAG_BITS_MAX +: TAG_BITS_MAX];
    wire [MISS_BITS-1:0]    s_miss  = miss_i[sel*MISS_BITS +: MISS_BITS];
    wire                    s_evict = s_miss != {MISS_BITS{1'b0}};

    wire [HW-1:0] count_x  = {1'b0, s_count};
    wire [HW-1:0] miss_x   = {{(HW - MISS_BITS){1'b0}}, s_miss};
    wire [HW-1:0] hit      = hit_v[sel*HW +: HW];
    wire [HW-1:0] handed   = handed_v[sel*HW +: HW];
    wire [HW-1:0] lost     = discard_i ? count_x + miss_x : {HW{1'b0}};

    wire hit_saturates  = hit_sat_v[sel];
    wire hand_saturates = hand_sat_v[sel];
    wire should_evict   = should_evict_v[sel];
    wire should_replace = should_replace_v[sel];
    wire [MISS_BITS-1:0] miss_next = s_miss + {{(MISS_BITS - 1){1'b0}}, 1'b1};

    // E3, E1 and E5 leave `landing` counts in the way; E2 follows any of them
    // when those reach RATE (E1+E2, E5+E2)
    reg          lands, landing_sat;
    reg [HW-1:0] landing;
    always @* begin
        // defaults: the chosen way keeps its contents, nothing is reported
        col_o        = sel;
        count_o      = s_count;
        valid_o      = 1'b1;
        tag_o        = s_tag;
        miss_o       = s_miss;
        emit_o       = 1'b0;
        emit_count_o = {HW{1'b0}};
        discard_o    = {HW{1'b0}};
        edge_o       = 8'd0;
        lands        = 1'b0;
        landing      = hit;
        landing_sat  = hit_saturates;
        if (any_match && !s_evict) begin
            // E3, or E2 when the hit count reaches RATE
            edge_o[E3] = !hit_saturates;
            lands      = 1'b1;
        end else if (any_match) begin
            // E6: report the hits, the misses stay as the carry (or are discarded)
            if (should_evict) begin
                edge_o[E6]   = 1'b1;
                count_o      = discard_i ? {COUNT_BITS{1'b0}} : miss_x[COUNT_BITS-1:0];
                valid_o      = 1'b0;
                miss_o       = {MISS_BITS{1'b0}};
                emit_o       = 1'b1;
                emit_count_o = hit;
                discard_o    = discard_i ? miss_x : {HW{1'b0}};
            end else begin
                // E6a
                edge_o[E6A] = 1'b1;
                count_o     = hit[COUNT_BITS-1:0];
            end
        end else if (any_empty) begin
            // E1: allocate on top of the carry
            edge_o[E1] = 1'b1;
            tag_o      = key_i;
            miss_o     = {MISS_BITS{1'b0}};
            lands      = 1'b1;
        end else if (any_evict) begin
            if (should_replace) begin
                // E5: the newcomer takes count + miss + 1 (or 1 when discarding)
                edge_o[E5]  = 1'b1;
                tag_o       = key_i;
                miss_o      = {MISS_BITS{1'b0}};
                discard_o   = lost;
                lands       = 1'b1;
                landing     = handed;
                landing_sat = hand_saturates;
            end else begin
                // E5a
                edge_o[E5A] = 1'b1;
                miss_o      = miss_next;
            end
        end else begin
            // E4: the Valid way with the fewest hits starts to leave
            edge_o[E4] = 1'b1;
            miss_o     = {{(MISS_BITS - 1){1'b0}}, 1'b1};
        end
        if (lands) begin
            if (landing_sat) begin
                edge_o[E2]   = 1'b1;
                count_o      = {COUNT_BITS{1'b0}};
                valid_o      = 1'b0;
                emit_o       = 1'b1;
                emit_count_o = landing;
            end else begin
                count_o = landing[COUNT_BITS-1:0];
            end
        end
    end

endmodule

`resetall
