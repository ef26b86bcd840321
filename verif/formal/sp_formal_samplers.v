// SPDX-License-Identifier: Apache-2.0
/*
 * sp_formal_samplers.v - formal harness of the samplers that keep at most
 * a count per entry (rtl/sp_samplers.v: P/HP, R/HR, CR/HCR, the generator
 * and HTP's phases; docs/spec.md 5.1, 5.3, 5.5) at 3-bit counts and a
 * table of two entries: every legal RATE, table state, draw and
 * forwarding case.  Read by samplers.sby only.
 *
 * The harness is the rest of stage 1 as sp_stage1 and sp_table give it:
 * the event's S1R, S2A and S2B registers, the entry S2A merges (W's word
 * when W writes that entry, else the table's as landed) registered into
 * S2B, W holding the S2B decision's write for a clock and landing it with
 * the bits the samplers set there (w_set_o).  What the table forwards is
 * the table proof's; here it is a contract: W's word reaches S2A and S2B
 * without its late bits, as sp_table hands it on.  Beside that, the spec's
 * state: the generator (5.1), and each entry's count and "window sampled"
 * bit, stepped by the spec's rule on every event in stream order; each
 * decision is checked against the rule worked out on that state and the
 * event's draw.
 *
 * The spec's generator is kept as the next draw, as the RTL keeps it, and
 * the RTL's register (draw_q, on no port of sp_samplers) is read through
 * f_draw_q, which samplers.sby connects to it by name: the two are
 * asserted equal, which checks the generator (5.1: reset, SEED, one step
 * per drawing event) and lets the induction tie every draw to the spec's.
 * The draws range over every non-zero value: a SEED write's is free, and
 * xorshift32 is a bijection.
 *
 * Assumed: reset in the first clock; the mode and RATE (1..2^COUNT_BITS)
 * constant (configuration, written with the block stopped; a write of
 * either clears the table); TAG left out (sp_tag_fsm decides it, nothing
 * here is used); a SEED write, of a hashed seed (never 0), only with no
 * event in S1H..S2B, as sp_regs allows it.  The event's entry is free in
 * every mode (P and CR use entry 0, one case of it).
 *
 * Asserted: per event, P's message (count + 1 reaching RATE, its count)
 * and entry; R's selection (s * r < 2^32) and implied count r; CR's
 * message, a clock later in W (window not sampled, s * (r - j) < 2^32),
 * its count r and the entry as it lands (j + 1, or a new window at r;
 * sampled kept); count units conserved (P: count + 1 = count after +
 * message; the random modes: a message carries r, the units its event
 * brings in); exactly one message per CR window; HTP's phases, the
 * owner's + 1 and its reach of RATE, and the claim's units; next_o and
 * reach_o on the entry the table forwards; no message or late bit
 * without an event; the table as it lands equal to the spec's state.
 * samplers.sby reads the RTL with SP_ASSERT (its own checks: r - j kept
 * for the S2B event, the phases' registers) and makes its FORMAL
 * assumption, a phase below RATE, an assertion: the block proof cuts the
 * products free and assumes it, here they are the RTL's own.
 *
 * Covered: each mode's outcomes (P counting, P's message, also on W's
 * entry and on one S2A took from W; R selecting and skipping; CR's
 * message inside a window and at its last position, a skip before the
 * window is sampled and one after, a window closing sampled, a second
 * message held back by the sampled bit only W's late decision carries,
 * through W and through S2A's merge; HTP's owner phase reaching RATE or
 * not), draws from the reset state and from a SEED write.
 */
`default_nettype none
`include "sp_regs.vh"

module sp_formal_samplers (
    input wire clk
);
    // two bits above valid stand for the fields other modes and builds
    // have; the samplers must neither read nor write them
    localparam CB = 3, HW = CB + 1, V_LSB = CB, EW = CB + 3, XW = EW - CB - 1;
    // spec 5.1: mix(0x9E3779B9), the state after reset
    localparam [31:0] F_STATE_RESET = 32'hF96B68BC;

    (* anyconst *) reg [2:0]    sampler;
    (* anyconst *) reg [15:0]   rate;
    (* anyseq *)   reg          rst, h_valid, h_idx, seed_wr;
    (* anyseq *)   reg [31:0]   seed_data;
    // HTP's decision writes the entry (sp_htp): any word
    (* anyseq *)   reg [CB:0]   htp_word;
    // the other fields of the words the table forwards
    (* anyseq *)   reg [XW-1:0] junk_b, junk_w;

    wire is_periodic = sampler == `SP_SAMPLER_P || sampler == `SP_SAMPLER_HP;
    wire is_random   = sampler == `SP_SAMPLER_R || sampler == `SP_SAMPLER_HR;
    wire is_window   = sampler == `SP_SAMPLER_CR || sampler == `SP_SAMPLER_HCR;
    wire is_htp      = sampler == `SP_SAMPLER_HTP;
    wire uses_table  = is_periodic || is_window || is_htp;
    wire draws       = is_random || is_window || is_htp;
    // RATE <= 2^CB fits the message-count width
    wire [HW-1:0] rate_h = rate[HW-1:0];

    // ---- the spec's generator (5.1): a draw steps it, then tests the state;
    // written from the spec here, not taken from the RTL, which it checks
    function [31:0] f_xorshift(input [31:0] x);
        reg [31:0] t;
        begin
            t          = x ^ (x << 13);
            t          = t ^ (t >> 17);
            f_xorshift = t ^ (t << 5);
        end
    endfunction
    // the draw the next event takes (the state stepped once: a SEED write
    // sets the state to the hashed seed, and a draw steps it first)
    reg  [31:0] f_s_h;
    // the RTL's, connected in samplers.sby
    (* keep *) wire [31:0] f_draw_q;

    // ---- the event through S1R, S2A, S2B, and W (CR's late decision)
    reg         f_past = 1'b0;
    reg         f_r_v = 1'b0, f_a_v = 1'b0, f_b_v = 1'b0, f_w_ev = 1'b0;
    reg         f_r_idx, f_a_idx, f_b_idx;
    reg  [31:0] f_r_s, f_a_s, f_b_s;
    // drawn from the reset state (no SEED write since), for the covers
    reg         f_since_rst = 1'b1, f_r_rs, f_a_rs, f_b_rs;

    // ---- the table as sp_table forwards it: two entries {valid, count}
    reg  [CB:0] f_ram0, f_ram1;   // as landed
    reg         f_w_en = 1'b0, f_w_idx;
    reg  [CB:0] f_w_word;         // as the decision wrote it, without w_set_o
    reg  [CB:0] f_b_word;         // S2A's merged entry, registered
    reg         f_b_from_w;       // ... taken from W
    wire        a_from_w  = f_w_en && f_w_idx == f_a_idx;
    wire [CB:0] a_word    = a_from_w ? f_w_word : f_a_idx ? f_ram1 : f_ram0;
    wire        wr_en     = f_b_v && uses_table;
    wire        a_b_hit   = wr_en && f_b_idx == f_a_idx;
    wire        b_w_hit   = f_w_en && f_w_idx == f_b_idx;
    wire [CB:0] e_fw      = b_w_hit ? f_w_word : f_b_word;
    reg  [HW-1:0] rate_m1_q;      // sp_stage1 registers RATE - 1

    wire          emit, reach, w_emit, own_ph_reach;
    wire [HW-1:0] emit_count, next, own_ph1, claim_in;
    wire [CB-1:0] rest_ph;
    wire [EW-1:0] entry_n, w_set;
    sp_samplers #(
        .COUNT_BITS(CB), .EW(EW), .HAS_V(1), .V_LSB(V_LSB), .OPT_CR(1)
    ) u_dut (
        .clk_i(clk), .rst_i(rst),
        .periodic_i(is_periodic), .random_i(is_random), .window_i(is_window), .draws_i(draws),
        .rate_i(rate), .rate_m1_i(rate_m1_q),
        .seed_wr_i(seed_wr), .seed_data_i(seed_data),
        .h_valid_i(h_valid), .r_valid_i(f_r_v), .a_valid_i(f_a_v), .b_valid_i(f_b_v),
        .a_count_i(a_word[CB-1:0]), .a_from_w_i(a_from_w), .a_b_entry_hit_i(a_b_hit),
        .b_entry_i({junk_b, f_b_word}), .w_data_i({junk_w, f_w_word}), .b_w_entry_hit_i(b_w_hit),
        .emit_o(emit), .emit_count_o(emit_count), .entry_o(entry_n),
        .next_o(next), .reach_o(reach),
        .own_ph1_o(own_ph1), .own_ph_reach_o(own_ph_reach), .rest_ph_o(rest_ph), .claim_in_o(claim_in),
        .w_emit_o(w_emit), .w_set_o(w_set)
    );
    wire [CB:0] w_landed = f_w_word | w_set[CB:0];

    // ---- the spec's table state (5.3): count (P) or position j (CR), and
    // "window sampled"; the step of the S2B event, in stream order
    reg  [CB-1:0] f_cnt0, f_cnt1;
    reg           f_smp0, f_smp1;
    wire [CB-1:0] sp_j    = f_b_idx ? f_cnt1 : f_cnt0;
    wire          sp_smp  = f_b_idx ? f_smp1 : f_smp0;
    wire [HW-1:0] sp_c1   = {1'b0, sp_j} + 1'b1;
    // P: the message; CR: the window's last position
    wire          sp_end  = sp_c1 >= rate_h;
    wire [CB-1:0] sp_cnt_n = sp_end ? {CB{1'b0}} : sp_c1[CB-1:0];
    // a draw's test, s * d < 2^32 (d <= 2^CB): R's d = r, CR's d = r - j
    wire [HW-1:0]  sp_left = rate_h - {1'b0, sp_j};
    wire [31+HW:0] sp_pr   = {{HW{1'b0}}, f_b_s} * {{32{1'b0}}, rate_h};
    wire [31+HW:0] sp_pw   = {{HW{1'b0}}, f_b_s} * {{32{1'b0}}, sp_left};
    wire           sp_sel_r = sp_pr[31+HW:32] == {HW{1'b0}};
    wire           sp_hit_w = sp_pw[31+HW:32] == {HW{1'b0}};
    wire           sp_emit_w = !sp_smp && sp_hit_w;
    wire           sp_smp_n  = !sp_end && (sp_smp || sp_hit_w);
    // HTP's phases (5.5): own = s[31:16] * r / 2^16, restph = s[15:0] * r / 2^16
    wire [15+HW:0] sp_po   = {{HW{1'b0}}, f_b_s[31:16]} * {{16{1'b0}}, rate_h};
    wire [15+HW:0] sp_pl   = {{HW{1'b0}}, f_b_s[15:0]} * {{16{1'b0}}, rate_h};
    wire [HW-1:0]  sp_own1 = sp_po[15+HW:16] + 1'b1;
    wire [HW-1:0]  sp_rest = sp_pl[15+HW:16];

    // CR's decision as the spec took it in S2B, for W's clock
    reg          f_x_emit, f_x_hit, f_x_end, f_x_pre, f_x_smp, f_x_fwd;
    reg [CB-1:0] f_x_cnt;
    // a message taken in the entry's window, from the RTL's messages
    reg          f_got0, f_got1;
    // for the covers: W's late bit of the clock before, and S2B's entry
    // taken in S2A from a W word whose late bit was set then
    reg          f_set_q, f_b_late_a;

    always @(posedge clk) begin
        f_past    <= 1'b1;
        rate_m1_q <= rate_h - 1'b1;
        // S1H -> S1R -> S2A -> S2B -> W
        f_r_v   <= h_valid;
        f_a_v   <= f_r_v;
        f_b_v   <= f_a_v;
        f_w_ev  <= f_b_v && is_window;
        f_r_idx <= h_idx;
        f_a_idx <= f_r_idx;
        f_b_idx <= f_a_idx;
        f_r_s   <= f_s_h;
        f_a_s   <= f_r_s;
        f_b_s   <= f_a_s;
        f_r_rs  <= f_since_rst;
        f_a_rs  <= f_r_rs;
        f_b_rs  <= f_a_rs;
        if (h_valid && draws) f_s_h <= f_xorshift(f_s_h);
        if (seed_wr) begin
            f_s_h       <= f_xorshift(seed_data);
            f_since_rst <= 1'b0;
        end
        // the table: S2A's merge registered, W, W landing
        f_b_word   <= a_word;
        f_b_from_w <= a_from_w;
        f_b_late_a <= a_from_w && w_set[V_LSB];
        f_set_q    <= w_set[V_LSB];
        if (f_w_en && !f_w_idx) f_ram0 <= w_landed;
        if (f_w_en && f_w_idx) f_ram1 <= w_landed;
        f_w_en   <= wr_en;
        f_w_idx  <= f_b_idx;
        f_w_word <= is_htp ? htp_word : entry_n[CB:0];
        // the spec's step on the S2B event's entry
        if (f_b_v && is_periodic) begin
            if (f_b_idx) f_cnt1 <= sp_cnt_n; else f_cnt0 <= sp_cnt_n;
        end
        if (f_b_v && is_window) begin
            if (f_b_idx) begin
                f_cnt1 <= sp_cnt_n;
                f_smp1 <= sp_smp_n;
            end else begin
                f_cnt0 <= sp_cnt_n;
                f_smp0 <= sp_smp_n;
            end
        end
        f_x_emit <= sp_emit_w;
        f_x_hit  <= sp_hit_w;
        f_x_end  <= sp_end;
        f_x_pre  <= sp_smp;
        f_x_smp  <= sp_smp_n;
        f_x_cnt  <= sp_cnt_n;
        f_x_fwd  <= b_w_hit;
        if (f_w_ev && !f_w_idx) f_got0 <= !f_x_end && (f_got0 || w_emit);
        if (f_w_ev && f_w_idx) f_got1 <= !f_x_end && (f_got1 || w_emit);
        if (rst) begin
            f_r_v       <= 1'b0;
            f_a_v       <= 1'b0;
            f_b_v       <= 1'b0;
            f_w_ev      <= 1'b0;
            f_w_en      <= 1'b0;
            f_s_h       <= f_xorshift(F_STATE_RESET);
            f_since_rst <= 1'b1;
            // the sweep after reset zeroes the table, stage 1 empty
            f_ram0 <= {(CB + 1){1'b0}};
            f_ram1 <= {(CB + 1){1'b0}};
            f_cnt0 <= {CB{1'b0}};
            f_cnt1 <= {CB{1'b0}};
            f_smp0 <= 1'b0;
            f_smp1 <= 1'b0;
            f_got0 <= 1'b0;
            f_got1 <= 1'b0;
        end
    end

    // the table once W lands, against the spec's state
    wire [CB:0] t_now0 = (f_w_en && !f_w_idx) ? w_landed : f_ram0;
    wire [CB:0] t_now1 = (f_w_en && f_w_idx) ? w_landed : f_ram1;
    // the message taken in each window before the event W holds, if any
    wire        g_pre0 = (f_w_ev && !f_w_idx) ? f_x_pre : f_ram0[V_LSB];
    wire        g_pre1 = (f_w_ev && f_w_idx) ? f_x_pre : f_ram1[V_LSB];
    wire        f_got_w = f_w_idx ? f_got1 : f_got0;
    // units the event brings in, leaves in its message, and keeps (spec 7)
    wire [HW:0] e_units = {2'b00, e_fw[CB-1:0]} + 1'b1;
    wire [HW:0] n_units = {2'b00, entry_n[CB-1:0]} + (emit ? {1'b0, emit_count} : {(HW + 1){1'b0}});

    always @* begin
        // ---- a legal configuration and environment
        if (!f_past) assume(rst);
        assume(sampler != `SP_SAMPLER_TAG);
        assume(rate >= 16'd1 && rate <= (16'd1 << CB));
        if (seed_wr) assume(seed_data != 32'd0 && !h_valid && !f_r_v && !f_a_v && !f_b_v);

        if (f_past) begin
            // ---- the generator is the spec's
            assert(f_draw_q == f_s_h);
            // ---- the table keeps the spec's state
            if (is_periodic || is_window) begin
                assert(t_now0 == {f_smp0, f_cnt0} && t_now1 == {f_smp1, f_cnt1});
                assert({1'b0, f_cnt0} < rate_h && {1'b0, f_cnt1} < rate_h);
            end
            if (is_periodic) assert(!f_smp0 && !f_smp1);
            // ---- only count and valid written, a late bit only for a CR
            // event in W, and no message there without one
            assert(entry_n[EW-1:CB+1] == {XW{1'b0}});
            assert(w_set == ({{(EW - 1){1'b0}}, w_set[V_LSB]} << V_LSB));
            if (!f_w_ev) assert(!w_emit && !w_set[V_LSB]);

            if (f_b_v) begin
                // ---- count + 1 and its reach of RATE on the forwarded entry
                if (uses_table) begin
                    assert(next == e_fw[CB-1:0] + 1'b1);
                    assert(reach == (next >= rate_h));
                end
                if (is_periodic || is_window)
                    assert(e_fw[CB-1:0] == sp_j);
                // ---- P, HP: a message of count + 1 when it reaches RATE
                if (is_periodic) begin
                    assert(emit == sp_end);
                    if (emit) assert(emit_count == sp_c1 && emit_count == rate_h);
                    assert(entry_n == {{(EW - CB){1'b0}}, sp_cnt_n});
                    // the event's unit is kept or reported, nothing else
                    assert(e_units == n_units);
                end
                // ---- R, HR: selected when s * r < 2^32, with the implied count
                if (is_random) begin
                    assert(emit == sp_sel_r);
                    if (emit) assert(emit_count == rate_h);
                end
                // ---- CR, HCR: the position steps in S2B (the rest in W)
                if (is_window)
                    assert(entry_n[CB-1:0] == sp_cnt_n);
                // ---- the draw's phases (HTP uses them; every drawing mode has them)
                if (draws) begin
                    assert(own_ph1 == sp_own1);
                    assert(own_ph_reach == (sp_own1 >= rate_h));
                    assert(rest_ph == sp_rest[CB-1:0]);
                    assert(claim_in == sp_own1 + sp_rest);
                end
            end

            // ---- CR, HCR in W: the message and the entry as it lands
            if (f_w_ev) begin
                assert(w_emit == f_x_emit);
                if (w_emit) assert(emit_count == rate_h);
                assert(w_landed == {f_x_smp, f_x_cnt});
                // one message a window: none after the first, one by its end
                assert(!(f_got_w && w_emit));
                if (f_x_end) assert(f_got_w || w_emit);
            end
            if (is_window) begin
                assert(f_got0 == g_pre0 && f_got1 == g_pre1);
                assert(f_w_en == f_w_ev);
            end
        end

        // ---- covers
        if (f_past && f_b_v) begin
            c_p_count:    cover(is_periodic && !emit);
            c_p_emit:     cover(is_periodic && emit);
            c_p_emit_w:   cover(is_periodic && emit && b_w_hit);
            c_p_emit_a:   cover(is_periodic && emit && f_b_from_w && !b_w_hit);
            c_r_select:   cover(is_random && emit);
            c_r_skip:     cover(is_random && !emit);
            c_htp_reach:  cover(is_htp && own_ph_reach);
            c_htp_below:  cover(is_htp && !own_ph_reach && rest_ph != 0);
            c_draw_reset: cover(is_random && emit && f_b_rs);
            c_draw_seed:  cover(is_random && emit && !f_b_rs);
            // the sampled bit reaches S2B only through S2A's merge of W (b_late)
            c_cr_late_a:  cover(is_window && f_b_late_a && !b_w_hit && sp_hit_w);
        end
        if (f_past && f_w_ev) begin
            c_cr_emit:       cover(w_emit && !f_x_end);
            c_cr_skip:       cover(!w_emit && !f_x_pre && !f_x_end);
            c_cr_skip_taken: cover(!w_emit && f_x_pre && f_x_hit && !f_x_end);
            c_cr_emit_last:  cover(w_emit && f_x_end);
            c_cr_close:      cover(!w_emit && f_x_end);
            // the sampled bit carried from the W decision before (late_q)
            c_cr_late_w:     cover(f_x_fwd && f_set_q && f_x_hit && !w_emit);
        end
    end
endmodule
