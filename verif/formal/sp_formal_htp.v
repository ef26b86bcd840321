// SPDX-License-Identifier: Apache-2.0
/*
 * sp_formal_htp.v - formal harness of one HTP step (rtl/sp_htp.v,
 * docs/spec.md 5.5) at 3-bit counts and 2-bit tags: every entry, tag,
 * forwarding and legal RATE.  Read by htp.sby only.
 *
 * The step makes its tests on the table's entry a clock ahead (S2A) and
 * the same tests on W in S2B, selecting by whether W holds the entry; the
 * harness registers S2A's entry and tag into S2B as sp_table and
 * sp_stage1 do, and works the step out from the spec on the entry the
 * step decides on (W's or the registered one) in one place.
 *
 * Assumed: 1 <= RATE <= 2^COUNT_BITS, steady from one clock to the next
 * (it is configuration); a valid entry's owner count and rest below RATE;
 * the draw's phases as sp_samplers gives them (the owner's phase + 1 in
 * 1..RATE, the rest's phase below RATE); the owner's count + 1 and its
 * reach of RATE as sp_samplers gives them, on the same entry.
 *
 * Asserted: the entry written, the message and its count, and the count
 * units brought in are the spec's for a claim, an owner's event and a
 * rest event (with and without a hand-over); every event's unit is kept,
 * reported or brought in by the claim's phases; the new counts stay below
 * RATE.
 *
 * Covered: a claim, a claim that reports at once, an owner's report, a
 * rest report with a hand-over and one without, and a rest report on the
 * entry W holds.
 */
`default_nettype none

module sp_formal_htp (
    input wire clk
);
    localparam CB = 3, TB = 2, HW = CB + 1;
    localparam V_LSB = CB, T_LSB = CB + 1, R_LSB = CB + 1 + TB, H_LSB = R_LSB + CB;
    localparam EW = H_LSB + 1;

    (* anyseq *) reg [EW-1:0] a_entry, w_data;
    (* anyseq *) reg [TB-1:0] a_tag;
    (* anyseq *) reg          b_w_entry_hit;
    (* anyseq *) reg [15:0]   rate;
    (* anyseq *) reg [HW-1:0] own_ph1, claim_in;
    (* anyseq *) reg [CB-1:0] rest_ph;

    // S2A -> S2B, as the table and stage 1 register them
    reg [EW-1:0] b_entry;
    reg [TB-1:0] b_tag;
    reg          f_past = 1'b0;
    reg [15:0]   f_rate_q;
    always @(posedge clk) begin
        b_entry  <= a_entry;
        b_tag    <= a_tag;
        f_past   <= 1'b1;
        f_rate_q <= rate;
    end

    wire [16:0]   r17     = {1'b0, rate} - 17'd1;
    wire [HW-1:0] rate_m1 = r17[HW-1:0];
    wire [HW:0]   rate_x  = {1'b0, rate[HW-1:0]};   // RATE itself (at most 2^CB)

    // the entry the step decides on, and the periodic sampler's tests on it
    wire [EW-1:0] e      = b_w_entry_hit ? w_data : b_entry;
    wire [CB-1:0] e_own  = e[CB-1:0];
    wire          e_val  = e[V_LSB];
    wire [TB-1:0] e_tag  = e[T_LSB +: TB];
    wire [CB-1:0] e_rest = e[R_LSB +: CB];
    wire          e_hit  = e[H_LSB];
    wire [HW-1:0] next   = {1'b0, e_own} + 1'b1;
    wire          reach  = {1'b0, next} >= rate_x;
    // the owner's phase + 1 reaching RATE, as sp_samplers gives it
    wire          own_ph_rep = {1'b0, own_ph1} >= rate_x;

    wire          emit;
    wire [HW-1:0] emit_count, count_in;
    wire [EW-1:0] entry_n;
    sp_htp #(
        .COUNT_BITS(CB), .TAG_BITS_MAX(TB), .EW(EW),
        .V_LSB(V_LSB), .T_LSB(T_LSB), .R_LSB(R_LSB), .H_LSB(H_LSB)
    ) u_dut (
        .clk_i(clk), .rate_m1_i(rate_m1),
        .a_entry_i(a_entry), .a_tag_i(a_tag),
        .b_entry_i(b_entry), .b_tag_i(b_tag), .w_data_i(w_data), .b_w_entry_hit_i(b_w_entry_hit),
        .next_i(next), .reach_i(reach),
        .own_ph1_i(own_ph1), .own_ph_reach_i(own_ph_rep),
        .rest_ph_i(rest_ph), .claim_in_i(claim_in),
        .emit_o(emit), .emit_count_o(emit_count), .entry_o(entry_n), .count_in_o(count_in)
    );

    wire [CB-1:0] n_own  = entry_n[CB-1:0];
    wire          n_val  = entry_n[V_LSB];
    wire [TB-1:0] n_tag  = entry_n[T_LSB +: TB];
    wire [CB-1:0] n_rest = entry_n[R_LSB +: CB];
    wire          n_hit  = entry_n[H_LSB];

    // the spec's step on e
    wire          claim     = !e_val;
    wire          owner     = e_val && e_tag == b_tag;
    wire          rest_ev   = e_val && e_tag != b_tag;
    wire [HW-1:0] rest_next = {1'b0, e_rest} + 1'b1;
    wire          rest_rep  = rest_ev && {1'b0, rest_next} >= rate_x;
    // what the entry held, what it holds, what left as a message
    wire [HW+1:0] held_before = e_val ? {2'b00, e_own} + {2'b00, e_rest} : {(HW + 2){1'b0}};
    wire [HW+1:0] held_after  = {2'b00, n_own} + {2'b00, n_rest};
    wire [HW+1:0] reported    = emit ? {1'b0, emit_count} : {(HW + 2){1'b0}};

    always @* begin
        // ---- a legal configuration, entry and draw
        assume(rate >= 16'd1 && rate <= (16'd1 << CB));
        if (f_past) assume(rate == f_rate_q);
        if (a_entry[V_LSB]) assume({1'b0, a_entry[CB-1:0]} < rate_x && {1'b0, a_entry[R_LSB +: CB]} < rate_x);
        if (w_data[V_LSB]) assume({1'b0, w_data[CB-1:0]} < rate_x && {1'b0, w_data[R_LSB +: CB]} < rate_x);
        assume(own_ph1 >= 1 && {1'b0, own_ph1} <= rate_x);
        assume({1'b0, rest_ph} < rate_x);

        if (f_past) begin
            // ---- the entry is valid after every step, its counts below RATE
            assert(n_val);
            assert({1'b0, n_own} < rate_x && {1'b0, n_rest} < rate_x);
            if (claim) begin
                // the tuple takes the entry: its phases start both counts
                assert(n_tag == b_tag && n_hit && n_rest == rest_ph);
                assert(emit == own_ph_rep && emit_count == own_ph1);
                assert(n_own == (own_ph_rep ? {CB{1'b0}} : own_ph1[CB-1:0]));
                assert(count_in == claim_in);
            end else begin
                assert(count_in == 1);
                // every unit of the entry and the event's is kept or reported
                assert(held_before + 1 == held_after + reported);
            end
            if (owner) begin
                assert(emit == reach && emit_count == next);
                assert(n_own == (reach ? {CB{1'b0}} : next[CB-1:0]));
                assert(n_tag == e_tag && n_rest == e_rest && n_hit);
            end
            if (rest_ev && !rest_rep) begin
                assert(!emit && n_own == e_own && n_tag == e_tag && n_rest == rest_next[CB-1:0]);
                assert(n_hit == e_hit);
            end
            if (rest_rep) begin
                assert(emit && emit_count == rest_next && !n_hit);
                if (e_hit)
                    // the owner hit since the last report: it keeps the entry
                    assert(n_tag == e_tag && n_own == e_own && n_rest == 0);
                else
                    // it did not: the reporter owns, the old owner's count is the rest
                    assert(n_tag == b_tag && n_own == 0 && n_rest == e_own);
            end
        end

        // ---- covers
        if (f_past) begin
            c_claim:       cover(claim && !emit);
            c_claim_emit:  cover(claim && emit);
            c_owner_emit:  cover(owner && emit);
            c_hand_over:   cover(rest_rep && !e_hit);
            c_rest_keep:   cover(rest_rep && e_hit);
            c_w_rest_emit: cover(b_w_entry_hit && rest_rep);
        end
    end
endmodule
