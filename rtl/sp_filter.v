// SPDX-License-Identifier: Apache-2.0
/*
 * sp_filter.v - the PC filter of docs/spec.md section 8.7: FILTER_N entries
 * of <VALID, KIND, PC>, written through the register block, and the
 * comparison of each tuple at the input port.
 *
 * The comparison is made at the port, not when the tuple reaches the
 * pipeline, so a tuple sees the entries as they were when it was taken: an
 * entry write lands at the edge that ends its ack cycle, after that cycle's
 * tuple, exactly the order the model applies them in.  Each entry's result
 * is registered (hit_q_o) and their OR rides through the tuple queue as one
 * bit, written a clock after the port from the queue's input register, so
 * the comparators end at flip-flops and the queue's RAM sees only the OR.
 * Each entry also counts the tuples it stops (FILTER_HITS), from its
 * registered result a clock after the port (the count's 32 enables are not
 * behind the comparator), so software can tell how often a stopped
 * instruction ran.
 */
`resetall
`default_nettype none

module sp_filter #(
    // entries, 0..16; 0 builds none (match_o is 0, the bus reads 0)
    parameter FILTER_N = 8,
    // word width in bits, 32 or 64
    parameter WORD_BITS = 32
) (
    input  wire                 clk_i,
    input  wire                 rst_i,
    // the bus: the selected entry, written at the edge that ends the ack cycle
    input  wire [3:0]           sel_i,
    input  wire                 ctrl_we_i,   // FILTER_CTRL: data_i[0] VALID, [10:8] KIND
    input  wire                 lo_we_i,     // FILTER_PC_LO
    input  wire                 hi_we_i,     // FILTER_PC_HI (64-bit words only)
    input  wire [31:0]          data_i,
    output wire [31:0]          ctrl_o,      // the selected entry, as the registers read
    output wire [31:0]          lo_o,
    output wire [31:0]          hi_o,
    output wire [31:0]          hits_o,      // FILTER_HITS of the selected entry
    // the input port's tuple, and whether the block takes it this clock
    input  wire [2:0]           kind_i,
    input  wire [WORD_BITS-1:0] word0_i,
    input  wire                 take_i,
    // the entries the tuple of the clock before matched (0 when none was taken)
    output wire [15:0]          hit_q_o
);

    // parameter checks: a bad value instantiates a module named after the
    // rule it breaks, which does not exist, so every tool stops there
    generate
        if (FILTER_N < 0 || FILTER_N > 16) begin : g_bad_filter_n
            sp_filter_FILTER_N_must_be_0_to_16 u_error ();
        end
        if (WORD_BITS != 32 && WORD_BITS != 64) begin : g_bad_word_bits
            sp_filter_WORD_BITS_must_be_32_or_64 u_error ();
        end
    endgenerate

    // storage for at least one entry, so that a build without a filter still
    // elaborates; every loop below runs over the FILTER_N entries that exist,
    // so such a build compares, counts and reads back nothing
    localparam NE = (FILTER_N > 0) ? FILTER_N : 1;

    reg  [NE-1:0]   valid_q;
    reg  [NE*3-1:0] kind_q;
    reg  [NE*32-1:0] pc_lo_q, pc_hi_q;   // pc_hi_q stays 0 with 32-bit words

    // the entries that exist, as a mask (a comparison would be constant at 0 and 16)
    localparam [15:0] SEL_MASK = (FILTER_N >= 16) ? 16'hFFFF : ((16'd1 << FILTER_N) - 16'd1);
    wire [3:0] sel_at = (FILTER_N > 0) ? sel_i : 4'd0;
    wire       sel_ok = SEL_MASK[sel_i];

    integer e;
    always @(posedge clk_i) begin
        for (e = 0; e < FILTER_N; e = e + 1) begin
            if (sel_ok && sel_at == e[3:0]) begin
                if (ctrl_we_i) begin
                    valid_q[e]       <= data_i[0];
                    kind_q[e*3 +: 3] <= data_i[10:8];
                end
                if (lo_we_i) pc_lo_q[e*32 +: 32] <= data_i;
                if (hi_we_i && WORD_BITS == 64) pc_hi_q[e*32 +: 32] <= data_i;
            end
        end
        if (WORD_BITS == 32) pc_hi_q <= {(NE * 32){1'b0}};
        if (rst_i || FILTER_N == 0) begin
            valid_q <= {NE{1'b0}};
            kind_q  <= {(NE * 3){1'b0}};
            pc_lo_q <= {(NE * 32){1'b0}};
            pc_hi_q <= {(NE * 32){1'b0}};
        end
    end

    // the entry the bus selects, read back
    reg [NE*32-1:0] hits_q;
    reg [31:0] ctrl_r, lo_r, hi_r, hits_r;
    integer r;
    always @* begin
        ctrl_r = 32'd0;
        lo_r   = 32'd0;
        hi_r   = 32'd0;
        hits_r = 32'd0;
        for (r = 0; r < FILTER_N; r = r + 1)
            if (sel_ok && sel_at == r[3:0]) begin
                ctrl_r = {21'd0, kind_q[r*3 +: 3], 7'd0, valid_q[r]};
                lo_r   = pc_lo_q[r*32 +: 32];
                hi_r   = pc_hi_q[r*32 +: 32];
                hits_r = hits_q[r*32 +: 32];
            end
    end
    assign ctrl_o = ctrl_r;
    assign lo_o   = lo_r;
    assign hi_o   = hi_r;
    assign hits_o = hits_r;

    // one comparator per entry; the tuple is filtered when any matches
    reg [NE-1:0] hit;
    reg [63:0] pc_m;
    integer m;
    always @* begin
        hit  = {NE{1'b0}};
        pc_m = 64'd0;
        for (m = 0; m < FILTER_N; m = m + 1) begin
            pc_m = {pc_hi_q[m*32 +: 32], pc_lo_q[m*32 +: 32]};
            hit[m] = valid_q[m] && kind_q[m*3 +: 3] == kind_i && pc_m[WORD_BITS-1:0] == word0_i;
        end
    end
    wire unused_pc_m = |pc_m;   // the high word only takes part with 64-bit words

    reg [NE-1:0] hit_q;
    always @(posedge clk_i) begin
        hit_q <= take_i ? hit : {NE{1'b0}};
        if (rst_i || FILTER_N == 0) hit_q <= {NE{1'b0}};
    end
    wire [15+NE:0] hit_wide = {16'd0, hit_q};
    assign hit_q_o = hit_wide[15:0];
    wire unused_hit_wide = ^hit_wide[15+NE:16];

    // every matching entry counts a taken tuple, a clock later; a
    // FILTER_CTRL write setting VALID zeroes it after that clock's tuple (the
    // write wins), as the model applies the write between two tuples: the
    // tuple of the write's clock, counted in the next, is left out of the
    // zeroed count (zeroed_q); clearing VALID keeps the count
    reg [NE-1:0] zeroed_q;
    integer h;
    always @(posedge clk_i) begin
        for (h = 0; h < FILTER_N; h = h + 1) begin
            zeroed_q[h] <= 1'b0;
            if (hit_q[h] && !zeroed_q[h])
                hits_q[h*32 +: 32] <= hits_q[h*32 +: 32] + 32'd1;
            if (ctrl_we_i && data_i[0] && sel_ok && sel_at == h[3:0]) begin
                hits_q[h*32 +: 32] <= 32'd0;
                zeroed_q[h]        <= 1'b1;
            end
        end
        if (rst_i || FILTER_N == 0) begin
            hits_q   <= {(NE * 32){1'b0}};
            zeroed_q <= {NE{1'b0}};
        end
    end

endmodule

`resetall
