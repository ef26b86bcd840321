// SPDX-License-Identifier: Apache-2.0
/*
 * sp_samplers.v - the samplers of docs/spec.md 5.1 to 5.3 that keep at
 * most a count per entry: periodic (P, HP), random (R, HR) and
 * counted-random (CR, HCR), with the random generator they draw from.
 *
 * Stages of the block: S1H (an event takes its draw), S1R, S2A (the entry
 * arrives from the table, sp_table, merged with every write but the one
 * being decided), S2B (the event is decided).  The generator keeps its
 * next state in a register beside SEED, so the draw comes from a
 * flip-flop and is multiplied by the rate at once, in S1H, as two 16-bit
 * partial products, registered; S1R adds them and tests the draw.  The
 * products' high halves are the random phases HTP's claims start from
 * (sp_htp), which this module hands on with the event.
 *
 * What an event decides on is its entry as the table forwarded it: the
 * entry S2A merged (b_entry_i, registered) unless the decision of the
 * clock before wrote it (b_w_entry_hit_i), in W (w_data_i).  S2A works out
 * the tests on the merged entry a clock ahead; S2B makes the same tests on
 * W and selects, so no multiplexer stands in front of a comparator.
 *
 * CR and HCR decide a clock later, in the clock their write is in W: their
 * test multiplies the draw by the window left, r - j, which depends on the
 * entry the table forwards, and a 32 x 16 multiplication does not fit in
 * a clock behind the forwarding.  So r - j is kept as a register for the
 * S2B event (worked out in S2A: from the merged count, or from the S2B
 * decision's when it writes the same entry, minus 1 or back to r), S2B
 * multiplies it by the draw into two registered partial products, and W's
 * clock adds them and tests.  The entry goes to W with its count and the
 * window's "sampled" bit as it was; the bit the test adds is set in W's
 * word as it lands (sp_table's w_set_i), and the events after it that the
 * table hands W's word without it (through S2A's merge, or from W
 * itself) add it from late_q.  The message (w_emit_o) comes a clock
 * after S2B; sp_stage1 reports CR's events from that clock.
 *
 * Entries: count (COUNT_BITS) at bit 0; with HAS_V a valid bit at V_LSB,
 * CR's "window sampled" (P and HP write the count alone).
 */
`resetall
`default_nettype none
`include "sp_regs.vh"

module sp_samplers #(
    // counter-table count field, 1..16
    parameter COUNT_BITS = 16,
    // bits of a table entry
    parameter EW = 17,
    // the entry has a valid bit, at V_LSB
    parameter HAS_V = 1,
    parameter V_LSB = 16,
    // CR and HCR are built
    parameter OPT_CR = 1
) (
    input  wire                  clk_i,
    input  wire                  rst_i,
    // the mode (constant while events are in flight): P or HP, R or HR,
    // CR or HCR; whether each event takes a draw (the random modes and HTP)
    input  wire                  periodic_i,
    input  wire                  random_i,
    input  wire                  window_i,
    input  wire                  draws_i,
    // RATE, and RATE - 1 at the message-count width (registered)
    input  wire [15:0]           rate_i,
    input  wire [COUNT_BITS:0]   rate_m1_i,
    // a SEED write (block stopped): the seed already hashed by sp_regs
    input  wire                  seed_wr_i,
    input  wire [31:0]           seed_data_i,
    // S1H: an event enters; where the events are: S1R, S2A, S2B (sp_table;
    // CR's decision in W reads S2B's, the checks and the proofs the rest)
    input  wire                  h_valid_i,
    input  wire                  r_valid_i,
    input  wire                  a_valid_i,
    input  wire                  b_valid_i,
    // S2A: the count of the event's entry as the table merged it
    input  wire [COUNT_BITS-1:0] a_count_i,
    // S2A: the event's entry came from W in the merge; the S2B decision
    // writes the same entry
    input  wire                  a_from_w_i,
    input  wire                  a_b_entry_hit_i,
    // S2B: the same, registered; W's entry and whether it is this one
    input  wire [EW-1:0]         b_entry_i,
    input  wire [EW-1:0]         w_data_i,
    input  wire                  b_w_entry_hit_i,
    // S2B: the decision: a message and its count, the entry written
    output wire                  emit_o,
    output wire [COUNT_BITS:0]   emit_count_o,
    output wire [EW-1:0]         entry_o,
    // S2B: the entry's count + 1 (HP's and HTP's message count) and
    // whether it reaches RATE, on the forwarded entry
    output wire [COUNT_BITS:0]   next_o,
    output wire                  reach_o,
    // S2B: HTP's phases from the event's draw: the owner's + 1, whether it
    // reaches RATE, the rest's, and the units a claim brings in (both + 1)
    output wire [COUNT_BITS:0]   own_ph1_o,
    output wire                  own_ph_reach_o,
    output wire [COUNT_BITS-1:0] rest_ph_o,
    output wire [COUNT_BITS:0]   claim_in_o,
    // W (CR, HCR): the message of the event whose write is in W, and the
    // bits to set in that write as it lands
    output wire                  w_emit_o,
    output wire [EW-1:0]         w_set_o
);

    localparam HW = COUNT_BITS + 1;          // a stage-1 message count
    localparam DW = (HW > 16) ? 16 : HW;     // the draw's multiplier: d <= RATE <= 65535

    // RATE at the message-count width (it is at most 2^COUNT_BITS)
    wire [HW+15:0] rate_wide = {{HW{1'b0}}, rate_i};
    wire [HW-1:0]  rate_h    = rate_wide[HW-1:0];
    wire           unused_rate_wide = ^rate_wide[HW+15:HW];

    // ---- the generator: xorshift32, one step per event that draws
    function [31:0] xorshift32;
        input [31:0] s;
        reg   [31:0] t;
        begin
            t          = s ^ (s << 13);
            t          = t ^ (t >> 17);
            xorshift32 = t ^ (t << 5);
        end
    endfunction
    // Out of reset the state is the hash of SEED's reset value, as after
    // any SEED write (sp_regs hashes those).
`include "sp_seed_mix.vh"
    localparam [31:0] DRAW_RESET = xorshift32(sp_seed_mix(`SP_SEED_RESET));
    reg  [31:0] draw_q;

    // s * m < 2^32, from the partial products s[31:16] * m and s[15:0] * m:
    // nothing at bit 16 or above of hi + (lo >> 16) (R's test, CR's)
    function below_2_32(input [15+DW:0] hi, input [15+DW:0] lo);
        reg [16+DW:0] mid;
        reg           unused_low;   // the low halves never reach bit 32
        begin
            mid        = {1'b0, hi} + {{17{1'b0}}, lo[15+DW:16]};
            below_2_32 = mid[16+DW:16] == {(DW + 1){1'b0}};
            unused_low = ^{mid[15:0], lo[15:0]};
        end
    endfunction

    // S1H: the draw times RATE, as two partial products (one multiplier
    // block each), RATE from a flip-flop (configuration, copied here)
    reg  [DW-1:0]  rate_q1;
    wire [15+DW:0] pp_hi = draw_q[31:16] * rate_q1;
    wire [15+DW:0] pp_lo = draw_q[15:0] * rate_q1;

    // S1R: the products, and s * RATE < 2^32
    reg  [31:0]    r_s_q;
    reg  [15+DW:0] r_pp_hi_q, r_pp_lo_q;
    wire           r_hit   = below_2_32(r_pp_hi_q, r_pp_lo_q);
    // a phase is below RATE, so it fits the count width
    wire [HW+DW-1:0] own_wide  = {{HW{1'b0}}, r_pp_hi_q[15+DW:16]};
    wire [HW+DW-1:0] rest_wide = {{HW{1'b0}}, r_pp_lo_q[15+DW:16]};
    wire [HW-1:0]    own_ph    = own_wide[HW-1:0];
    wire [HW-1:0]    rest_ph   = rest_wide[HW-1:0];
    wire [HW-1:0]    own_ph1   = own_ph + {{COUNT_BITS{1'b0}}, 1'b1};
    wire unused_ph = ^{own_wide[HW+DW-1:HW], rest_wide[HW+DW-1:HW]};
`ifdef FORMAL
    // The whole-block proof cuts the products free (any draw).  Whatever
    // the draw, a product's high half is a phase below RATE, and HTP keeps
    // a phase in a count field on that ground: so do the free ones.
    always @* if (r_valid_i) assume (own_ph <= rate_m1_i && rest_ph <= rate_m1_i);
`endif


    // ---- the event's registers: S1R, S2A, S2B
    reg            a_r_hit_q, b_r_hit_q;
    reg [31:0]     a_s_q, b_s_q;
    reg [COUNT_BITS-1:0] a_rest_ph_q, b_rest_ph_q;
    reg [HW-1:0]   a_own_ph1_q, b_own_ph1_q;
    reg            a_own_reach_q, b_own_reach_q;
    reg [HW-1:0]   a_claim_in_q, b_claim_in_q;
    reg            b_pre_reach_q;   // the merged entry's count + 1 reaches RATE
    reg [HW-1:0]   b_pre_next_q;    // and that count + 1

    always @(posedge clk_i) begin
        rate_q1 <= rate_h[DW-1:0];
        // S1H -> S1R
        r_s_q     <= draw_q;
        r_pp_hi_q <= pp_hi;
        r_pp_lo_q <= pp_lo;
        if (h_valid_i && draws_i) draw_q <= xorshift32(draw_q);
        if (seed_wr_i) draw_q <= xorshift32(seed_data_i);
        // S1R -> S2A
        a_s_q         <= r_s_q;
        a_r_hit_q     <= r_hit;
        a_rest_ph_q   <= rest_ph[COUNT_BITS-1:0];
        a_own_ph1_q   <= own_ph1;
        a_own_reach_q <= own_ph >= rate_m1_i;
        a_claim_in_q  <= own_ph1 + rest_ph;
        // S2A -> S2B
        b_s_q         <= a_s_q;
        b_r_hit_q     <= a_r_hit_q;
        b_rest_ph_q   <= a_rest_ph_q;
        b_own_ph1_q   <= a_own_ph1_q;
        b_own_reach_q <= a_own_reach_q;
        b_claim_in_q  <= a_claim_in_q;
        b_pre_reach_q <= {1'b0, a_count_i} >= rate_m1_i;
        b_pre_next_q  <= {1'b0, a_count_i} + {{COUNT_BITS{1'b0}}, 1'b1};
        if (rst_i) draw_q <= DRAW_RESET;
    end

    // ---- S2B: the forwarded entry
    wire [COUNT_BITS-1:0] w_count = w_data_i[COUNT_BITS-1:0];
    wire                  w_reach = {1'b0, w_count} >= rate_m1_i;
    wire [HW-1:0]         w_next  = {1'b0, w_count} + {{COUNT_BITS{1'b0}}, 1'b1};
    wire                  reach   = b_w_entry_hit_i ? w_reach : b_pre_reach_q;
    wire [HW-1:0]         next    = b_w_entry_hit_i ? w_next : b_pre_next_q;
    // CR's "window sampled" bit as the table forwards it, with the bit a
    // test in W added after the table handed the word on (b_late)
    wire                  b_late;
    wire                  e_valid;
    generate
        if (HAS_V != 0) begin : g_ev
            assign e_valid = b_w_entry_hit_i ? w_data_i[V_LSB] : (b_entry_i[V_LSB] || b_late);
            wire unused_entries = ^{w_data_i, b_entry_i};
        end else begin : g_env
            assign e_valid = 1'b0;
            wire unused_entries = ^{w_data_i, b_entry_i, b_late};
        end
    endgenerate

    // ---- CR, HCR: one draw; selected when s * (r - j) < 2^32, j the
    // window position the entry holds, at most once per window
    wire w_emit, late;
    generate
        if (OPT_CR != 0) begin : g_window_draw
            // S2A -> S2B: r - j of the event (at least 1), from the merged
            // count, or after the S2B decision's count when it writes the
            // entry: one window position on, or a new window
            reg  [HW-1:0] b_left_q;
            wire [HW-1:0] a_left = !a_b_entry_hit_i ? rate_h - {1'b0, a_count_i} :
                                   reach ? rate_h : b_left_q - {{COUNT_BITS{1'b0}}, 1'b1};
            // S2B -> W: s * (r - j) as two partial products
            wire [15+DW:0] w_pp_hi = b_s_q[31:16] * b_left_q[DW-1:0];
            wire [15+DW:0] w_pp_lo = b_s_q[15:0] * b_left_q[DW-1:0];
            reg  [15+DW:0] w_pp_hi_q, w_pp_lo_q;
            // the event in W: a CR event, its entry from W (the decision
            // before it), its window sampled before it, the window's end
            reg            w_window_q, w_fwd_q, w_sampled_q, w_reach_q;
            reg            b_from_w_q, late_q;
            always @(posedge clk_i) begin
                b_left_q    <= a_left;
                b_from_w_q  <= a_from_w_i;
                w_pp_hi_q   <= w_pp_hi;
                w_pp_lo_q   <= w_pp_lo;
                w_window_q  <= b_valid_i && window_i;
                w_fwd_q     <= b_w_entry_hit_i;
                w_sampled_q <= e_valid;
                w_reach_q   <= reach;
                late_q      <= late;
                if (rst_i) begin
                    w_window_q <= 1'b0;
                    late_q     <= 1'b0;
                end
            end
            assign b_late = b_from_w_q && late_q;
            // W: s * (r - j) < 2^32
            wire           w_hit = below_2_32(w_pp_hi_q, w_pp_lo_q);
            wire           w_sampled = w_sampled_q || (w_fwd_q && late_q);
            // the bit W's word lacks: this test's, or the one before it
            // that the word it was made from lacked; none at the window's end
            assign late   = w_window_q && !w_reach_q && (w_hit || (w_fwd_q && late_q));
            assign w_emit = w_window_q && w_hit && !w_sampled;
`ifdef SP_ASSERT
            // the register of r - j follows the entry the table forwards
            wire [COUNT_BITS-1:0] e_fw = b_w_entry_hit_i ? w_data_i[COUNT_BITS-1:0]
                                                         : b_entry_i[COUNT_BITS-1:0];
            always @(posedge clk_i) begin
                if (!rst_i && b_valid_i && window_i)
                    assert (b_left_q == rate_h - {1'b0, e_fw});
            end
`endif
        end else begin : g_no_window_draw
            assign w_emit = 1'b0;
            assign late   = 1'b0;
            assign b_late = 1'b0;
            wire unused_window = ^{b_s_q, a_from_w_i, a_b_entry_hit_i};
        end
    endgenerate

    // ---- the entry written back: P/HP count to RATE; CR/HCR step the
    // window, which stays sampled once taken and starts over at RATE
    reg [COUNT_BITS-1:0] n_count;
    reg                  n_valid;
    always @* begin
        n_count = {COUNT_BITS{1'b0}};
        n_valid = 1'b0;
        if (periodic_i) begin
            n_count = reach ? {COUNT_BITS{1'b0}} : next[COUNT_BITS-1:0];
        end else if (window_i && !reach) begin
            // the test's bit follows in W (w_set_o)
            n_count = next[COUNT_BITS-1:0];
            n_valid = e_valid;
        end
    end
    wire [EW+COUNT_BITS:0] count_wide = {{(EW + 1){1'b0}}, n_count};
    wire unused_count_wide = ^count_wide[EW+COUNT_BITS:EW];
    generate
        if (HAS_V != 0) begin : g_sv
            wire [EW+COUNT_BITS:0] v_wide = {{(EW + COUNT_BITS){1'b0}}, n_valid} << V_LSB;
            wire unused_v_wide = ^v_wide[EW+COUNT_BITS:EW];
            assign entry_o = count_wide[EW-1:0] | v_wide[EW-1:0];
        end else begin : g_snv
            wire unused_n_valid = n_valid;
            assign entry_o = count_wide[EW-1:0];
        end
    endgenerate

    assign emit_o         = periodic_i ? reach : (random_i && b_r_hit_q);
    assign emit_count_o   = periodic_i ? next : rate_h;
    assign next_o         = next;
    assign reach_o        = reach;
    assign own_ph1_o      = b_own_ph1_q;
    assign own_ph_reach_o = b_own_reach_q;
    assign rest_ph_o      = b_rest_ph_q;
    assign claim_in_o     = b_claim_in_q;
    assign w_emit_o       = w_emit;
    generate
        if (HAS_V != 0) begin : g_set
            wire [EW+COUNT_BITS:0] set_wide = {{(EW + COUNT_BITS){1'b0}}, late} << V_LSB;
            wire unused_set_wide = ^set_wide[EW+COUNT_BITS:EW];
            assign w_set_o = set_wide[EW-1:0];
        end else begin : g_no_set
            wire unused_late = late;
            assign w_set_o = {EW{1'b0}};
        end
    endgenerate

`ifndef SP_ASSERT
    wire unused_valid = r_valid_i ^ a_valid_i ^ b_valid_i;
`endif
`ifdef SP_ASSERT
    localparam [HW-1:0] ONE = 1;
    always @(posedge clk_i) begin
        if (!rst_i) begin
            // the bus never writes the seed mid-stream
            assert (!(seed_wr_i && (h_valid_i || r_valid_i || a_valid_i || b_valid_i)));
            // HTP's phases (a product's high half) are below RATE, whatever
            // the draw, and what S2A and S2B hold of them agrees: a claim
            // brings in both phases + 1
            if (a_valid_i) begin
                assert (a_own_ph1_q - ONE <= rate_m1_i && {1'b0, a_rest_ph_q} <= rate_m1_i);
                assert (a_claim_in_q == a_own_ph1_q + {1'b0, a_rest_ph_q});
                assert (a_own_reach_q == (a_own_ph1_q - ONE >= rate_m1_i));
            end
            if (b_valid_i) begin
                assert (b_own_ph1_q - ONE <= rate_m1_i && {1'b0, b_rest_ph_q} <= rate_m1_i);
                assert (b_claim_in_q == b_own_ph1_q + {1'b0, b_rest_ph_q});
                assert (b_own_reach_q == (b_own_ph1_q - ONE >= rate_m1_i));
            end
        end
    end
`endif

endmodule

`resetall
