// SPDX-License-Identifier: Apache-2.0
/*
 * sp_htp.v - one step of the tagged stratified sampler HTP (docs/spec.md
 * 5.5) on the event's table entry.
 *
 * The entry's owner (the tuple whose tag it holds) is counted exactly, the
 * other tuples of its stream periodically as the rest; a claimed entry
 * starts both counts from the phases of the event's draw (sp_samplers
 * hands them on), and an owner that did not hit between two reports of
 * the rest hands the entry to the tuple that made the report.
 *
 * The entry is the one the table forwarded (sp_table): S2A's merged entry,
 * registered, unless the decision of the clock before wrote it, in W.  The
 * tests on the merged entry are made in S2A, a clock ahead, with the
 * S2A event's tag; S2B makes them on W and selects, so no multiplexer
 * stands in front of a comparator.  The owner's count tests (count + 1
 * reaching RATE) are the periodic sampler's, on the same field
 * (sp_samplers' reach_i and next_i).
 *
 * Entry layout: the owner's count at bit 0, valid at V_LSB, tag at T_LSB,
 * the rest's count at R_LSB, the owner's hit since the last report at
 * H_LSB; an Empty entry (valid 0) holds nothing.
 */
`resetall
`default_nettype none

module sp_htp #(
    // counter-table count field
    parameter COUNT_BITS = 16,
    // widest tag
    parameter TAG_BITS_MAX = 8,
    // bits of a table entry, and the fields' offsets
    parameter EW = 42,
    parameter V_LSB = 16,
    parameter T_LSB = 17,
    parameter R_LSB = 25,
    parameter H_LSB = 41
) (
    input  wire                    clk_i,
    // RATE - 1 at the message-count width
    input  wire [COUNT_BITS:0]     rate_m1_i,
    // S2A: the entry as the table merged it, the event's tag
    input  wire [EW-1:0]           a_entry_i,
    input  wire [TAG_BITS_MAX-1:0] a_tag_i,
    // S2B: the same, registered; W's entry and whether it is this one
    input  wire [EW-1:0]           b_entry_i,
    input  wire [TAG_BITS_MAX-1:0] b_tag_i,
    input  wire [EW-1:0]           w_data_i,
    input  wire                    b_w_entry_hit_i,
    // S2B: the owner's count + 1 on the forwarded entry and whether it
    // reaches RATE; the draw's phases (sp_samplers)
    input  wire [COUNT_BITS:0]     next_i,
    input  wire                    reach_i,
    input  wire [COUNT_BITS:0]     own_ph1_i,
    input  wire                    own_ph_reach_i,
    input  wire [COUNT_BITS-1:0]   rest_ph_i,
    input  wire [COUNT_BITS:0]     claim_in_i,
    // S2B: the decision: a message and its count, the entry written, the
    // count units the event brings in (1, or a claim's phases + 1)
    output wire                    emit_o,
    output wire [COUNT_BITS:0]     emit_count_o,
    output reg  [EW-1:0]           entry_o,
    output wire [COUNT_BITS:0]     count_in_o
);

    localparam HW = COUNT_BITS + 1;
    localparam [HW-1:0] ONE = 1;

    // ---- S2A: the tests on the merged entry
    reg                  b_pre_own_q, b_pre_rest_reach_q;
    reg [HW-1:0]         b_pre_rest_next_q;
    wire [COUNT_BITS-1:0] a_rest = a_entry_i[R_LSB +: COUNT_BITS];
    wire unused_a_entry = ^a_entry_i;   // its tag and rest are tested here
    always @(posedge clk_i) begin
        b_pre_own_q        <= a_entry_i[T_LSB +: TAG_BITS_MAX] == a_tag_i;
        b_pre_rest_reach_q <= {1'b0, a_rest} >= rate_m1_i;
        b_pre_rest_next_q  <= {1'b0, a_rest} + ONE;
    end

    // ---- S2B: the same tests on W, and the forwarded entry
    wire [COUNT_BITS-1:0] w_rest       = w_data_i[R_LSB +: COUNT_BITS];
    wire                  w_own        = w_data_i[T_LSB +: TAG_BITS_MAX] == b_tag_i;
    wire                  w_rest_reach = {1'b0, w_rest} >= rate_m1_i;
    wire [HW-1:0]         w_rest_next  = {1'b0, w_rest} + ONE;
    wire                  tag_eq     = b_w_entry_hit_i ? w_own : b_pre_own_q;
    wire                  rest_reach = b_w_entry_hit_i ? w_rest_reach : b_pre_rest_reach_q;
    wire [HW-1:0]         rest_next  = b_w_entry_hit_i ? w_rest_next : b_pre_rest_next_q;
    wire [EW-1:0]         e_fw       = b_w_entry_hit_i ? w_data_i : b_entry_i;

    wire [COUNT_BITS-1:0]   e_count = e_fw[COUNT_BITS-1:0];
    wire                    e_valid = e_fw[V_LSB];
    wire [TAG_BITS_MAX-1:0] e_tag   = e_fw[T_LSB +: TAG_BITS_MAX];
    wire [COUNT_BITS-1:0]   e_rest  = e_fw[R_LSB +: COUNT_BITS];
    wire                    e_hit   = e_fw[H_LSB];

    wire claim   = !e_valid;
    wire owner   = e_valid && tag_eq;
    wire rest_ev = e_valid && !tag_eq;
    // the owner's count + 1: from the phase on a claim
    wire [HW-1:0] h_own = claim ? own_ph1_i : next_i;
    // count + 1 >= RATE, as for P
    wire own_emit  = !rest_ev && (claim ? own_ph_reach_i : reach_i);
    wire rest_emit = rest_ev && rest_reach;
    // no owner hit between two reports of the rest: the reporter owns
    wire hand_over = rest_emit && !e_hit;

    reg [COUNT_BITS-1:0]   n_own, n_rest;
    reg [TAG_BITS_MAX-1:0] n_tag;
    reg                    n_hit;
    always @* begin
        n_own  = e_count;
        n_rest = e_rest;
        n_tag  = e_tag;
        n_hit  = 1'b1;
        if (claim) begin
            n_own  = own_emit ? {COUNT_BITS{1'b0}} : h_own[COUNT_BITS-1:0];
            n_rest = rest_ph_i;
            n_tag  = b_tag_i;
        end else if (owner) begin
            n_own  = own_emit ? {COUNT_BITS{1'b0}} : h_own[COUNT_BITS-1:0];
        end else if (!rest_emit) begin
            n_rest = rest_next[COUNT_BITS-1:0];
            n_hit  = e_hit;
        end else begin
            n_hit = 1'b0;
            if (hand_over) begin
                n_own  = {COUNT_BITS{1'b0}};
                n_rest = e_count;
                n_tag  = b_tag_i;
            end else begin
                n_rest = {COUNT_BITS{1'b0}};
            end
        end
        entry_o = {EW{1'b0}};
        entry_o[COUNT_BITS-1:0]        = n_own;
        entry_o[V_LSB]                 = 1'b1;
        entry_o[T_LSB +: TAG_BITS_MAX] = n_tag;
        entry_o[R_LSB +: COUNT_BITS]   = n_rest;
        entry_o[H_LSB]                 = n_hit;
    end

    assign emit_o       = own_emit || rest_emit;
    assign emit_count_o = rest_ev ? rest_next : h_own;
    // the phases are implied counts the claim brings in (spec 7)
    assign count_in_o   = claim ? claim_in_i : ONE;

endmodule

`resetall
