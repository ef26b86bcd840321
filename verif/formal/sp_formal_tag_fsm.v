// SPDX-License-Identifier: Apache-2.0
/*
 * sp_formal_tag_fsm.v - formal harness of the tagged compressor's step
 * (rtl/sp_tag_fsm.v, docs/spec.md 5.4) at 2 ways, 3-bit counts, 2-bit
 * misses and tags: every row, tuple and legal configuration at once.
 * Read by tag_fsm.sby only.
 *
 * Assumed: a legal configuration (1 <= RATE <= 2^COUNT_BITS,
 * 1 <= EVICT_HITS <= RATE, 2 <= REPLACE_MISSES <= 2^MISS_BITS), a set of
 * one aligned way or both, and a row that keeps the invariants the spec
 * states (5.4): a stored count below RATE, an Empty entry with no misses
 * and a carry below REPLACE_MISSES, misses below REPLACE_MISSES, at most
 * one Evict way in the set.
 *
 * Asserted besides: the flags the step hands on for the way it writes
 * (next_*_o) are those sp_tag_flags gives its new contents, and the sum
 * it hands on (cm_o) is their count + miss.
 *
 * Covered: each transition alone (E1, E2, E3, E4, E5, E5a, E6, E6a) and the
 * two combined ones (E1+E2, E5+E2), a discard on E5 and on E6, and a
 * transition on the second way.
 */
`default_nettype none
`include "sp_tag_flags.vh"

module sp_formal_tag_fsm;
    localparam NCOL = 2, COL_W = 1, CB = 3, TB = 2, MB = 2, HW = CB + 1;
    localparam E1 = 0, E2 = 1, E3 = 2, E4 = 3, E5 = 4, E5A = 5, E6 = 6, E6A = 7;

    (* anyseq *) wire [NCOL*CB-1:0] count;
    (* anyseq *) wire [NCOL-1:0]    valid;
    (* anyseq *) wire [NCOL*TB-1:0] tag;
    (* anyseq *) wire [NCOL*MB-1:0] miss;
    (* anyseq *) wire [NCOL-1:0]    in_set;
    (* anyseq *) wire [TB-1:0]      key;
    (* anyseq *) wire [15:0]        rate, evict_hits;
    (* anyseq *) wire [3:0]         replace_misses;
    (* anyseq *) wire               discard;

    // what the block works out a clock ahead: which ways hold the tuple,
    // and the counts' order (bit a*NCOL + b, a < b: count[a] <= count[b])
    wire [NCOL-1:0]      match = {in_set[1] && valid[1] && tag[2*TB-1:TB] == key,
                                  in_set[0] && valid[0] && tag[TB-1:0] == key};
    wire [NCOL*NCOL-1:0] le = {2'b00, count[2*CB-1:CB] >= count[CB-1:0], 1'b0};
    // and each way against the thresholds, as sp_stage1 registers them
    localparam NF = `SP_TAG_NF;
    // (at the count's width + 1, as EVICT_HITS <= RATE <= 2^CB let them be)
    wire [16:0] rate17 = {1'b0, rate}, evict17 = {1'b0, evict_hits};
    wire [16:0] r1_17 = rate17 - 17'd1, e1_17 = evict17 - 17'd1;
    wire [16:0] r2_17 = (rate17 >= 17'd2) ? rate17 - 17'd2 : 17'd0;
    wire [16:0] e2_17 = (evict17 >= 17'd2) ? evict17 - 17'd2 : 17'd0;
    wire [CB:0] thr_r1 = r1_17[CB:0], thr_e1 = e1_17[CB:0];
    wire [CB:0] thr_r2 = r2_17[CB:0], thr_e2 = e2_17[CB:0];
    // each way's sums
    wire [NCOL*HW-1:0] hit_s = {{1'b0, count[2*CB-1:CB]} + 1'b1, {1'b0, count[CB-1:0]} + 1'b1};
    wire [NCOL*HW-1:0] cm_s  = {{1'b0, count[2*CB-1:CB]} + miss[2*MB-1:MB], {1'b0, count[CB-1:0]} + miss[MB-1:0]};
    wire [NCOL*HW-1:0] rep_s = {cm_s[2*HW-1:HW] + 1'b1, cm_s[HW-1:0] + 1'b1};
    wire [NCOL*NF-1:0] flags;
    genvar g;
    generate
        for (g = 0; g < NCOL; g = g + 1) begin : g_flags
            sp_tag_flags #(.COUNT_BITS(CB), .MISS_BITS(MB)) u_flags (
                .count_i(count[g*CB +: CB]), .miss_i(miss[g*MB +: MB]), .cm_i(cm_s[g*HW +: HW]),
                .thr_r1_i(thr_r1), .thr_r2_i(thr_r2), .thr_e1_i(thr_e1), .thr_e2_i(thr_e2),
                .flags_o(flags[g*NF +: NF]));
        end
    endgenerate
    // what the step says of the way it leaves, and those flags worked out anew
    wire next_hit_sat, next_cm_sat, next_evict_ge;
    wire [NF-1:0] flags_n;
    wire [HW-1:0] cm_n_sum = {1'b0, count_n} + {{(HW - MB){1'b0}}, miss_n};
    sp_tag_flags #(.COUNT_BITS(CB), .MISS_BITS(MB)) u_flags_n (
        .count_i(count_n), .miss_i(miss_n), .cm_i(cm_n_sum),
        .thr_r1_i(thr_r1), .thr_r2_i(thr_r2), .thr_e1_i(thr_e1), .thr_e2_i(thr_e2),
        .flags_o(flags_n));

    wire [NCOL-1:0]  sel;
    wire             tag_key;
    wire [COL_W-1:0] col;
    wire [CB-1:0]    count_n;
    wire             valid_n, emit;
    wire [TB-1:0]    tag_n;
    wire [MB-1:0]    miss_n;
    wire [HW-1:0]    cm_n, emit_count, discarded;
    wire [7:0]       edges;

    sp_tag_fsm #(
        .NCOL(NCOL), .COL_W(COL_W), .COUNT_BITS(CB), .TAG_BITS_MAX(TB), .MISS_BITS(MB)
    ) u_dut (
        .count_i(count), .valid_i(valid), .tag_i(tag), .miss_i(miss), .in_set_i(in_set),
        .match_i(match), .le_i(le), .hit_i(hit_s), .cm_i(cm_s), .replaced_i(rep_s), .flags_i(flags),
        .rate_le1_i(rate <= 16'd1), .rate_le2_i(rate <= 16'd2),
        .evict_le1_i(evict_hits <= 16'd1), .evict_le2_i(evict_hits <= 16'd2),
        .key_i(key), .replace_m1_i(replace_misses - 4'd1), .discard_i(discard),
        .sel_o(sel), .col_o(col), .count_o(count_n), .valid_o(valid_n), .tag_o(tag_n),
        .tag_key_o(tag_key), .miss_o(miss_n), .cm_o(cm_n),
        .emit_o(emit), .emit_count_o(emit_count), .discard_o(discarded), .edge_o(edges),
        .next_hit_sat_o(next_hit_sat), .next_cm_sat_o(next_cm_sat), .next_evict_ge_o(next_evict_ge)
    );

    // the row's fields by column
    wire [CB-1:0] c0 = count[CB-1:0], c1 = count[2*CB-1:CB];
    wire [MB-1:0] m0 = miss[MB-1:0],  m1 = miss[2*MB-1:MB];
    wire          ev0 = valid[0] && m0 != 0, ev1 = valid[1] && m1 != 0;
    wire [CB-1:0] c_at = col ? c1 : c0;
    wire [MB-1:0] m_at = col ? m1 : m0;
    wire          other_in = col ? in_set[0] : in_set[1];
    wire          other_ev = col ? ev0 : ev1;

    always @(*) begin
        // ---- a legal configuration and row
        assume(rate >= 16'd1 && rate <= (16'd1 << CB));
        assume(evict_hits >= 16'd1 && evict_hits <= rate);
        assume(replace_misses >= 4'd2 && replace_misses <= (4'd1 << MB));
        assume(in_set == 2'b01 || in_set == 2'b10 || in_set == 2'b11);
        assume(!valid[0] || c0 < rate);
        assume(!valid[1] || c1 < rate);
        assume(valid[0] || (m0 == 0 && c0 < replace_misses));
        assume(valid[1] || (m1 == 0 && c1 < replace_misses));
        assume(m0 < replace_misses && m1 < replace_misses);
        assume(!(in_set == 2'b11 && ev0 && ev1));

        // ---- one legal transition: a single edge, or E1+E2 or E5+E2
        assert(edges == 8'b1 << E1 || edges == 8'b1 << E2 || edges == 8'b1 << E3 ||
               edges == 8'b1 << E4 || edges == 8'b1 << E5 || edges == 8'b1 << E5A ||
               edges == 8'b1 << E6 || edges == 8'b1 << E6A ||
               edges == ((8'b1 << E1) | (8'b1 << E2)) || edges == ((8'b1 << E5) | (8'b1 << E2)));
        // on a way of the tuple's set, named one-hot and by number alike
        assert(in_set[col]);
        assert(sel == (2'b01 << col));
        // the victim rule (5.4): the first way holding the tuple, else the
        // first Empty way, else the Evict way, else the fewest hits (the
        // lower way on ties)
        if (match != 2'b00)
            assert(col == (match[0] ? 1'b0 : 1'b1));
        else if (in_set & ~valid)
            assert(col == ((in_set[0] && !valid[0]) ? 1'b0 : 1'b1));
        else if ((in_set[0] && ev0) || (in_set[1] && ev1))
            assert(col == ((in_set[0] && ev0) ? 1'b0 : 1'b1));
        else if (in_set == 2'b11)
            assert(col == ((c1 < c0) ? 1'b1 : 1'b0));
        // the new tag is the key exactly when the way is taken over
        assert(tag_key == (edges[E1] || edges[E5]));
        if (tag_key) assert(tag_n == key);
        // a message exactly on E2 or E6, and never a count of 0
        assert(emit == (edges[E2] || edges[E6]));
        assert(!emit || emit_count != 0);
        // nothing thrown away unless in discard mode, and only on E5 or E6
        assert(discarded == 0 || (discard && (edges[E5] || edges[E6])));

        // ---- counts are never lost: the way's count + miss, plus this event,
        // equals what it holds after plus what was reported or discarded
        assert({1'b0, c_at} + {1'b0, m_at} + 1 ==
               {1'b0, count_n} + {1'b0, miss_n} + (emit ? emit_count : 0) + discarded);

        // ---- the row keeps the invariants
        if (valid_n) assert(count_n < rate);
        // an Empty way's carry is below REPLACE_MISSES, so at most 2^MISS_BITS - 1
        if (!valid_n) assert(miss_n == 0 && count_n < replace_misses);
        assert(miss_n < replace_misses);
        if (valid_n && miss_n != 0) assert(!(other_in && other_ev));
        // a way that becomes or stays Valid holds the tuple's tag, but for E4/E5a/E6a
        if (valid_n && (edges[E1] || edges[E3] || edges[E5])) assert(tag_n == key);

        // ---- the way as the step leaves it, flagged for the next step on it
        // (sp_stage1 registers these instead of comparing W's way anew)
        assert(next_hit_sat == flags_n[`SP_TAG_F_A1]);
        assert(next_cm_sat == flags_n[`SP_TAG_F_C1]);
        assert(next_evict_ge == flags_n[`SP_TAG_F_E1]);
        assert(cm_n == cm_n_sum);

        // ---- covers
        c_e1:      cover(edges == 8'b1 << E1);
        c_e2:      cover(edges == 8'b1 << E2);
        c_e3:      cover(edges == 8'b1 << E3);
        c_e4:      cover(edges == 8'b1 << E4);
        c_e5:      cover(edges == 8'b1 << E5);
        c_e5a:     cover(edges == 8'b1 << E5A);
        c_e6:      cover(edges == 8'b1 << E6);
        c_e6a:     cover(edges == 8'b1 << E6A);
        c_e1_e2:   cover(edges == ((8'b1 << E1) | (8'b1 << E2)));
        c_e5_e2:   cover(edges == ((8'b1 << E5) | (8'b1 << E2)));
        c_disc_e5: cover(edges[E5] && discarded != 0);
        c_disc_e6: cover(edges[E6] && discarded != 0);
        c_way1:    cover(col == 1'b1);
    end
endmodule
