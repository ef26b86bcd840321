// SPDX-License-Identifier: Apache-2.0
/*
 * DP16KD.v - a simulation model of the ECP5 block RAM for the gate-level
 * check (verif/gate/gate.mk), read by Verilator before Yosys's
 * lattice/cells_sim_ecp5.v, whose DP16KD is a black box (no behaviour,
 * reads 0) in Yosys 0.70 as it was in 0.23 (ecp5/cells_sim.v); the first
 * definition of a module is the one Verilator keeps.
 *
 * It covers the two shapes Yosys's ECP5 map (lattice/brams_map_16kd.v)
 * gives the cell, the output register a design that instantiates the cell
 * itself can ask for, and stops the build on any other configuration (a
 * missing module named after the cause), so one it does not model cannot
 * pass unnoticed:
 *   true dual port ($__DP16KD_) as Yosys uses it for a simple
 *     dual-port memory, port A writing and both reading: each port 9 or 18
 *     bits wide; a 9-bit port addresses 9-bit units at AD[13:3], an 18-bit
 *     port two units at AD[13:4] with byte write enables on AD[1:0];
 *     WRITEMODE NORMAL (a writing port's output holds), WRITETHROUGH (new)
 *     or READBEFOREWRITE (old); a write on port B stops the simulation;
 *   pseudo dual port ($__PDPW16KD_): both widths 36; port A writes
 *     {DIB, DIA} at ADA[13:5] with byte enables ADA[3:0], port B reads
 *     {DOB, DOA} at ADB[13:5].
 * Clocks not inverted, CSDECODE compared with the CS pins.  The contents
 * are 2048 units of 9 bits, unit 2k + h being bits 9h..9h+8 of 18-bit word
 * k; INITVAL_nn holds words 16nn to 16nn+15, 20 bits apart (brams_map's
 * init_slice).
 *
 * Each port's read path, as Lattice documents the primitive (the ECP5
 * memory usage guide, TN1264; Lattice's simulation models of the sysMEM
 * blocks of its other families, the ECP3's DP16KC and the MachXO2's, have
 * the same output register): the array is read into the port's output latch at the
 * clock edge where the port is enabled (CE high, CS pins matching); with
 * REGMODE NOREG the latch drives DO, so a read presented before edge k
 * shows after edge k.  With REGMODE OUTREG the output register follows
 * the latch and drives DO: it loads the latch at every clock edge where
 * OCE (the output register's own clock enable, independent of CE) is high,
 * so the same read shows after edge k + 1, one more clock of latency, and
 * OCE low holds DO.  RST zeroes the latch and the output register and
 * leaves the array alone: with RESETMODE SYNC at the clock edge, the
 * latch's reset whatever CE is, the output register's only where OCE is
 * high (the register's reset is behind its clock enable); with RESETMODE
 * ASYNC at once, and released at once (ASYNC_RESET_RELEASE ASYNC) or at
 * the next clock edge (SYNC).  In the pseudo dual port both halves of the
 * output come through port B's latch and register (clock, OCEB and RSTB);
 * REGMODE_A still chooses whether DOA is registered.
 *
 * A read of a unit that the other port writes at the same clock edge gives
 * the old unit with every bit inverted: Yosys's description of the cell
 * leaves it undefined and so does rtl/sp_ram_sdp.v, so a design that came
 * to rely on it fails the cross-check here instead of on the board.  The
 * data-pin multiplexer parameters (DIA0MUX...) are left to nextpnr and
 * not modelled; GSR and WID do not change the function.
 */
`default_nettype none

module DP16KD (
    input  wire DIA17, DIA16, DIA15, DIA14, DIA13, DIA12, DIA11, DIA10, DIA9,
    input  wire DIA8, DIA7, DIA6, DIA5, DIA4, DIA3, DIA2, DIA1, DIA0,
    input  wire ADA13, ADA12, ADA11, ADA10, ADA9, ADA8, ADA7, ADA6, ADA5,
    input  wire ADA4, ADA3, ADA2, ADA1, ADA0,
    input  wire CEA, OCEA, CLKA, WEA, RSTA,
    input  wire CSA2, CSA1, CSA0,
    output wire DOA17, DOA16, DOA15, DOA14, DOA13, DOA12, DOA11, DOA10, DOA9,
    output wire DOA8, DOA7, DOA6, DOA5, DOA4, DOA3, DOA2, DOA1, DOA0,
    input  wire DIB17, DIB16, DIB15, DIB14, DIB13, DIB12, DIB11, DIB10, DIB9,
    input  wire DIB8, DIB7, DIB6, DIB5, DIB4, DIB3, DIB2, DIB1, DIB0,
    input  wire ADB13, ADB12, ADB11, ADB10, ADB9, ADB8, ADB7, ADB6, ADB5,
    input  wire ADB4, ADB3, ADB2, ADB1, ADB0,
    input  wire CEB, OCEB, CLKB, WEB, RSTB,
    input  wire CSB2, CSB1, CSB0,
    output wire DOB17, DOB16, DOB15, DOB14, DOB13, DOB12, DOB11, DOB10, DOB9,
    output wire DOB8, DOB7, DOB6, DOB5, DOB4, DOB3, DOB2, DOB1, DOB0
);
    // port widths in bits: 9 or 18 each, or 36 for both
    parameter DATA_WIDTH_A = 18;
    parameter DATA_WIDTH_B = 18;
    // output registers: NOREG (the latch drives DO) or OUTREG
    parameter REGMODE_A = "NOREG";
    parameter REGMODE_B = "NOREG";
    // SYNC or ASYNC output reset
    parameter RESETMODE = "SYNC";
    // release of an asynchronous reset: at once (ASYNC) or at the next
    // clock edge (SYNC)
    parameter ASYNC_RESET_RELEASE = "SYNC";
    // the CS pin value that selects each port
    parameter CSDECODE_A = "0b000";
    parameter CSDECODE_B = "0b000";
    // what a writing port reads: NORMAL, WRITETHROUGH or READBEFOREWRITE
    parameter WRITEMODE_A = "NORMAL";
    parameter WRITEMODE_B = "NORMAL";
    // clock polarity: only the non-inverted clocks are modelled
    parameter CLKAMUX = "CLKA";
    parameter CLKBMUX = "CLKB";
    // global set/reset use and the cell's width index (no effect here)
    parameter GSR = "ENABLED";
    parameter WID = 0;
    // initial contents, 16 words of 18 bits in 20-bit slots each
    parameter INITVAL_00 = 320'h0;
    parameter INITVAL_01 = 320'h0;
    parameter INITVAL_02 = 320'h0;
    parameter INITVAL_03 = 320'h0;
    parameter INITVAL_04 = 320'h0;
    parameter INITVAL_05 = 320'h0;
    parameter INITVAL_06 = 320'h0;
    parameter INITVAL_07 = 320'h0;
    parameter INITVAL_08 = 320'h0;
    parameter INITVAL_09 = 320'h0;
    parameter INITVAL_0A = 320'h0;
    parameter INITVAL_0B = 320'h0;
    parameter INITVAL_0C = 320'h0;
    parameter INITVAL_0D = 320'h0;
    parameter INITVAL_0E = 320'h0;
    parameter INITVAL_0F = 320'h0;
    parameter INITVAL_10 = 320'h0;
    parameter INITVAL_11 = 320'h0;
    parameter INITVAL_12 = 320'h0;
    parameter INITVAL_13 = 320'h0;
    parameter INITVAL_14 = 320'h0;
    parameter INITVAL_15 = 320'h0;
    parameter INITVAL_16 = 320'h0;
    parameter INITVAL_17 = 320'h0;
    parameter INITVAL_18 = 320'h0;
    parameter INITVAL_19 = 320'h0;
    parameter INITVAL_1A = 320'h0;
    parameter INITVAL_1B = 320'h0;
    parameter INITVAL_1C = 320'h0;
    parameter INITVAL_1D = 320'h0;
    parameter INITVAL_1E = 320'h0;
    parameter INITVAL_1F = 320'h0;
    parameter INITVAL_20 = 320'h0;
    parameter INITVAL_21 = 320'h0;
    parameter INITVAL_22 = 320'h0;
    parameter INITVAL_23 = 320'h0;
    parameter INITVAL_24 = 320'h0;
    parameter INITVAL_25 = 320'h0;
    parameter INITVAL_26 = 320'h0;
    parameter INITVAL_27 = 320'h0;
    parameter INITVAL_28 = 320'h0;
    parameter INITVAL_29 = 320'h0;
    parameter INITVAL_2A = 320'h0;
    parameter INITVAL_2B = 320'h0;
    parameter INITVAL_2C = 320'h0;
    parameter INITVAL_2D = 320'h0;
    parameter INITVAL_2E = 320'h0;
    parameter INITVAL_2F = 320'h0;
    parameter INITVAL_30 = 320'h0;
    parameter INITVAL_31 = 320'h0;
    parameter INITVAL_32 = 320'h0;
    parameter INITVAL_33 = 320'h0;
    parameter INITVAL_34 = 320'h0;
    parameter INITVAL_35 = 320'h0;
    parameter INITVAL_36 = 320'h0;
    parameter INITVAL_37 = 320'h0;
    parameter INITVAL_38 = 320'h0;
    parameter INITVAL_39 = 320'h0;
    parameter INITVAL_3A = 320'h0;
    parameter INITVAL_3B = 320'h0;
    parameter INITVAL_3C = 320'h0;
    parameter INITVAL_3D = 320'h0;
    parameter INITVAL_3E = 320'h0;
    parameter INITVAL_3F = 320'h0;
    // how the contents are given: only STATIC (the parameters) is modelled
    parameter INIT_DATA = "STATIC";

    localparam PDP = (DATA_WIDTH_A == 36 && DATA_WIDTH_B == 36) ? 1 : 0;
    localparam A18 = (DATA_WIDTH_A == 18) ? 1 : 0;
    localparam B18 = (DATA_WIDTH_B == 18) ? 1 : 0;

    // the configurations this model does not cover stop the build here
    generate
        if (!PDP && !((DATA_WIDTH_A == 9 || DATA_WIDTH_A == 18) &&
                      (DATA_WIDTH_B == 9 || DATA_WIDTH_B == 18))) begin : g_bad_width
            DP16KD_model_has_no_such_DATA_WIDTH stop ();
        end
        if ((REGMODE_A != "NOREG" && REGMODE_A != "OUTREG") ||
            (REGMODE_B != "NOREG" && REGMODE_B != "OUTREG")) begin : g_bad_reg
            DP16KD_model_has_REGMODE_NOREG_or_OUTREG_only stop ();
        end
        if (RESETMODE != "SYNC" && RESETMODE != "ASYNC") begin : g_bad_rst
            DP16KD_model_has_RESETMODE_SYNC_or_ASYNC_only stop ();
        end
        if (CLKAMUX != "CLKA" || CLKBMUX != "CLKB") begin : g_bad_clk
            DP16KD_model_has_no_inverted_clock stop ();
        end
        if (INIT_DATA != "STATIC") begin : g_bad_init
            DP16KD_model_has_static_contents_only stop ();
        end
    endgenerate

    wire [17:0] dia = {DIA17, DIA16, DIA15, DIA14, DIA13, DIA12, DIA11, DIA10, DIA9,
                       DIA8, DIA7, DIA6, DIA5, DIA4, DIA3, DIA2, DIA1, DIA0};
    wire [17:0] dib = {DIB17, DIB16, DIB15, DIB14, DIB13, DIB12, DIB11, DIB10, DIB9,
                       DIB8, DIB7, DIB6, DIB5, DIB4, DIB3, DIB2, DIB1, DIB0};
    wire [13:0] ada = {ADA13, ADA12, ADA11, ADA10, ADA9, ADA8, ADA7, ADA6, ADA5,
                       ADA4, ADA3, ADA2, ADA1, ADA0};
    wire [13:0] adb = {ADB13, ADB12, ADB11, ADB10, ADB9, ADB8, ADB7, ADB6, ADB5,
                       ADB4, ADB3, ADB2, ADB1, ADB0};

    // "0bXYZ": the last three characters are CS2, CS1, CS0
    function [2:0] cs_code;
        input [39:0] s;
        begin
            cs_code = {s[16], s[8], s[0]};
        end
    endfunction
    wire sel_a = CEA && {CSA2, CSA1, CSA0} == cs_code(CSDECODE_A);
    wire sel_b = CEB && {CSB2, CSB1, CSB0} == cs_code(CSDECODE_B);

    // ---- the units each port touches: two (18 bits) or one (9); the
    // pseudo dual port moves four, units 4w..4w+3 of 36-bit word w
    wire [10:0] a_u0 = PDP ? {ada[13:5], 2'b00} : A18 ? {ada[13:4], 1'b0} : ada[13:3];
    wire [10:0] b_u0 = PDP ? {adb[13:5], 2'b00} : B18 ? {adb[13:4], 1'b0} : adb[13:3];
    // write enables per unit (relative to u0)
    wire [3:0] a_we = !(sel_a && WEA) ? 4'b0000 :
                      PDP ? ada[3:0] : A18 ? {2'b00, ada[1:0]} : 4'b0001;
    wire [35:0] a_wd = PDP ? {dib, dia} : {18'd0, dia};

    reg [8:0] mem [0:2047];

    integer i;
    initial begin
        for (i = 0; i < 16; i = i + 1) begin
            {mem[2 * (16 * 'h00 + i) + 1], mem[2 * (16 * 'h00 + i)]} = INITVAL_00[20 * i +: 18];
            {mem[2 * (16 * 'h01 + i) + 1], mem[2 * (16 * 'h01 + i)]} = INITVAL_01[20 * i +: 18];
            {mem[2 * (16 * 'h02 + i) + 1], mem[2 * (16 * 'h02 + i)]} = INITVAL_02[20 * i +: 18];
            {mem[2 * (16 * 'h03 + i) + 1], mem[2 * (16 * 'h03 + i)]} = INITVAL_03[20 * i +: 18];
            {mem[2 * (16 * 'h04 + i) + 1], mem[2 * (16 * 'h04 + i)]} = INITVAL_04[20 * i +: 18];
            {mem[2 * (16 * 'h05 + i) + 1], mem[2 * (16 * 'h05 + i)]} = INITVAL_05[20 * i +: 18];
            {mem[2 * (16 * 'h06 + i) + 1], mem[2 * (16 * 'h06 + i)]} = INITVAL_06[20 * i +: 18];
            {mem[2 * (16 * 'h07 + i) + 1], mem[2 * (16 * 'h07 + i)]} = INITVAL_07[20 * i +: 18];
            {mem[2 * (16 * 'h08 + i) + 1], mem[2 * (16 * 'h08 + i)]} = INITVAL_08[20 * i +: 18];
            {mem[2 * (16 * 'h09 + i) + 1], mem[2 * (16 * 'h09 + i)]} = INITVAL_09[20 * i +: 18];
            {mem[2 * (16 * 'h0A + i) + 1], mem[2 * (16 * 'h0A + i)]} = INITVAL_0A[20 * i +: 18];
            {mem[2 * (16 * 'h0B + i) + 1], mem[2 * (16 * 'h0B + i)]} = INITVAL_0B[20 * i +: 18];
            {mem[2 * (16 * 'h0C + i) + 1], mem[2 * (16 * 'h0C + i)]} = INITVAL_0C[20 * i +: 18];
            {mem[2 * (16 * 'h0D + i) + 1], mem[2 * (16 * 'h0D + i)]} = INITVAL_0D[20 * i +: 18];
            {mem[2 * (16 * 'h0E + i) + 1], mem[2 * (16 * 'h0E + i)]} = INITVAL_0E[20 * i +: 18];
            {mem[2 * (16 * 'h0F + i) + 1], mem[2 * (16 * 'h0F + i)]} = INITVAL_0F[20 * i +: 18];
            {mem[2 * (16 * 'h10 + i) + 1], mem[2 * (16 * 'h10 + i)]} = INITVAL_10[20 * i +: 18];
            {mem[2 * (16 * 'h11 + i) + 1], mem[2 * (16 * 'h11 + i)]} = INITVAL_11[20 * i +: 18];
            {mem[2 * (16 * 'h12 + i) + 1], mem[2 * (16 * 'h12 + i)]} = INITVAL_12[20 * i +: 18];
            {mem[2 * (16 * 'h13 + i) + 1], mem[2 * (16 * 'h13 + i)]} = INITVAL_13[20 * i +: 18];
            {mem[2 * (16 * 'h14 + i) + 1], mem[2 * (16 * 'h14 + i)]} = INITVAL_14[20 * i +: 18];
            {mem[2 * (16 * 'h15 + i) + 1], mem[2 * (16 * 'h15 + i)]} = INITVAL_15[20 * i +: 18];
            {mem[2 * (16 * 'h16 + i) + 1], mem[2 * (16 * 'h16 + i)]} = INITVAL_16[20 * i +: 18];
            {mem[2 * (16 * 'h17 + i) + 1], mem[2 * (16 * 'h17 + i)]} = INITVAL_17[20 * i +: 18];
            {mem[2 * (16 * 'h18 + i) + 1], mem[2 * (16 * 'h18 + i)]} = INITVAL_18[20 * i +: 18];
            {mem[2 * (16 * 'h19 + i) + 1], mem[2 * (16 * 'h19 + i)]} = INITVAL_19[20 * i +: 18];
            {mem[2 * (16 * 'h1A + i) + 1], mem[2 * (16 * 'h1A + i)]} = INITVAL_1A[20 * i +: 18];
            {mem[2 * (16 * 'h1B + i) + 1], mem[2 * (16 * 'h1B + i)]} = INITVAL_1B[20 * i +: 18];
            {mem[2 * (16 * 'h1C + i) + 1], mem[2 * (16 * 'h1C + i)]} = INITVAL_1C[20 * i +: 18];
            {mem[2 * (16 * 'h1D + i) + 1], mem[2 * (16 * 'h1D + i)]} = INITVAL_1D[20 * i +: 18];
            {mem[2 * (16 * 'h1E + i) + 1], mem[2 * (16 * 'h1E + i)]} = INITVAL_1E[20 * i +: 18];
            {mem[2 * (16 * 'h1F + i) + 1], mem[2 * (16 * 'h1F + i)]} = INITVAL_1F[20 * i +: 18];
            {mem[2 * (16 * 'h20 + i) + 1], mem[2 * (16 * 'h20 + i)]} = INITVAL_20[20 * i +: 18];
            {mem[2 * (16 * 'h21 + i) + 1], mem[2 * (16 * 'h21 + i)]} = INITVAL_21[20 * i +: 18];
            {mem[2 * (16 * 'h22 + i) + 1], mem[2 * (16 * 'h22 + i)]} = INITVAL_22[20 * i +: 18];
            {mem[2 * (16 * 'h23 + i) + 1], mem[2 * (16 * 'h23 + i)]} = INITVAL_23[20 * i +: 18];
            {mem[2 * (16 * 'h24 + i) + 1], mem[2 * (16 * 'h24 + i)]} = INITVAL_24[20 * i +: 18];
            {mem[2 * (16 * 'h25 + i) + 1], mem[2 * (16 * 'h25 + i)]} = INITVAL_25[20 * i +: 18];
            {mem[2 * (16 * 'h26 + i) + 1], mem[2 * (16 * 'h26 + i)]} = INITVAL_26[20 * i +: 18];
            {mem[2 * (16 * 'h27 + i) + 1], mem[2 * (16 * 'h27 + i)]} = INITVAL_27[20 * i +: 18];
            {mem[2 * (16 * 'h28 + i) + 1], mem[2 * (16 * 'h28 + i)]} = INITVAL_28[20 * i +: 18];
            {mem[2 * (16 * 'h29 + i) + 1], mem[2 * (16 * 'h29 + i)]} = INITVAL_29[20 * i +: 18];
            {mem[2 * (16 * 'h2A + i) + 1], mem[2 * (16 * 'h2A + i)]} = INITVAL_2A[20 * i +: 18];
            {mem[2 * (16 * 'h2B + i) + 1], mem[2 * (16 * 'h2B + i)]} = INITVAL_2B[20 * i +: 18];
            {mem[2 * (16 * 'h2C + i) + 1], mem[2 * (16 * 'h2C + i)]} = INITVAL_2C[20 * i +: 18];
            {mem[2 * (16 * 'h2D + i) + 1], mem[2 * (16 * 'h2D + i)]} = INITVAL_2D[20 * i +: 18];
            {mem[2 * (16 * 'h2E + i) + 1], mem[2 * (16 * 'h2E + i)]} = INITVAL_2E[20 * i +: 18];
            {mem[2 * (16 * 'h2F + i) + 1], mem[2 * (16 * 'h2F + i)]} = INITVAL_2F[20 * i +: 18];
            {mem[2 * (16 * 'h30 + i) + 1], mem[2 * (16 * 'h30 + i)]} = INITVAL_30[20 * i +: 18];
            {mem[2 * (16 * 'h31 + i) + 1], mem[2 * (16 * 'h31 + i)]} = INITVAL_31[20 * i +: 18];
            {mem[2 * (16 * 'h32 + i) + 1], mem[2 * (16 * 'h32 + i)]} = INITVAL_32[20 * i +: 18];
            {mem[2 * (16 * 'h33 + i) + 1], mem[2 * (16 * 'h33 + i)]} = INITVAL_33[20 * i +: 18];
            {mem[2 * (16 * 'h34 + i) + 1], mem[2 * (16 * 'h34 + i)]} = INITVAL_34[20 * i +: 18];
            {mem[2 * (16 * 'h35 + i) + 1], mem[2 * (16 * 'h35 + i)]} = INITVAL_35[20 * i +: 18];
            {mem[2 * (16 * 'h36 + i) + 1], mem[2 * (16 * 'h36 + i)]} = INITVAL_36[20 * i +: 18];
            {mem[2 * (16 * 'h37 + i) + 1], mem[2 * (16 * 'h37 + i)]} = INITVAL_37[20 * i +: 18];
            {mem[2 * (16 * 'h38 + i) + 1], mem[2 * (16 * 'h38 + i)]} = INITVAL_38[20 * i +: 18];
            {mem[2 * (16 * 'h39 + i) + 1], mem[2 * (16 * 'h39 + i)]} = INITVAL_39[20 * i +: 18];
            {mem[2 * (16 * 'h3A + i) + 1], mem[2 * (16 * 'h3A + i)]} = INITVAL_3A[20 * i +: 18];
            {mem[2 * (16 * 'h3B + i) + 1], mem[2 * (16 * 'h3B + i)]} = INITVAL_3B[20 * i +: 18];
            {mem[2 * (16 * 'h3C + i) + 1], mem[2 * (16 * 'h3C + i)]} = INITVAL_3C[20 * i +: 18];
            {mem[2 * (16 * 'h3D + i) + 1], mem[2 * (16 * 'h3D + i)]} = INITVAL_3D[20 * i +: 18];
            {mem[2 * (16 * 'h3E + i) + 1], mem[2 * (16 * 'h3E + i)]} = INITVAL_3E[20 * i +: 18];
            {mem[2 * (16 * 'h3F + i) + 1], mem[2 * (16 * 'h3F + i)]} = INITVAL_3F[20 * i +: 18];
        end
    end

    // ---- what each port reads at this edge, before the write lands: the
    // old units, inverted where port A writes them now
    reg [35:0] a_rd, b_old, b_rd;
    integer k, m;
    always @* begin
        for (k = 0; k < 4; k = k + 1) begin
            a_rd[9 * k +: 9]  = mem[a_u0 + k[10:0]];
            b_old[9 * k +: 9] = mem[b_u0 + k[10:0]];
            b_rd[9 * k +: 9]  = b_old[9 * k +: 9];
            for (m = 0; m < 4; m = m + 1)
                if (a_we[m] && a_u0 + m[10:0] == b_u0 + k[10:0])
                    b_rd[9 * k +: 9] = ~b_old[9 * k +: 9];
        end
    end

    // port A's own read while it writes: the new units (WRITETHROUGH), the
    // old ones (READBEFOREWRITE) or none (NORMAL: the output holds); port A
    // of the pseudo dual port only writes
    wire a_writes = a_we != 4'b0000;
    wire a_load = sel_a && !PDP && !(a_writes && WRITEMODE_A == "NORMAL");
    wire b_load = sel_b;
    wire [35:0] a_new;
    genvar g;
    generate
        for (g = 0; g < 4; g = g + 1) begin : g_unit
            assign a_new[9 * g +: 9] = (a_we[g] && WRITEMODE_A == "WRITETHROUGH") ?
                                       a_wd[9 * g +: 9] : a_rd[9 * g +: 9];
        end
    endgenerate

    // each port's output latch; a 9-bit port fills the low unit only
    reg  [17:0] rd_a_q;
    reg  [35:0] rd_b_q;
    wire [35:0] b_keep = PDP ? b_rd : B18 ? {18'd0, b_rd[17:0]} : {27'd0, b_rd[8:0]};
    wire [17:0] a_keep = A18 ? a_new[17:0] : {9'd0, a_new[8:0]};
    integer     ka;

    // the resets: synchronous, or asynchronous with the release at once or
    // at the next clock edge (a register that follows RST asynchronously
    // and clears at the first edge that finds it low)
    localparam ASYNC_RST = (RESETMODE == "ASYNC") ? 1 : 0;
    localparam SYNC_RELEASE = (ASYNC_RESET_RELEASE == "SYNC") ? 1 : 0;
    reg  rst_a_hold, rst_b_hold;
    always @(posedge CLKA or posedge RSTA) rst_a_hold <= RSTA;
    always @(posedge CLKB or posedge RSTB) rst_b_hold <= RSTB;
    wire arst_a = ASYNC_RST && (RSTA || (SYNC_RELEASE && rst_a_hold));
    wire arst_b = ASYNC_RST && (RSTB || (SYNC_RELEASE && rst_b_hold));
    wire srst_a = !ASYNC_RST && RSTA;
    wire srst_b = !ASYNC_RST && RSTB;

    always @(posedge CLKA) begin
        for (ka = 0; ka < 4; ka = ka + 1)
            if (a_we[ka]) mem[a_u0 + ka[10:0]] <= a_wd[9 * ka +: 9];
    end
    // one write port keeps the array single-driven; Yosys's map of a
    // simple dual-port memory writes through port A
    always @(posedge CLKB) begin
        if (sel_b && WEB && !PDP) begin
            $display("DP16KD model: %m: port B writes, which this model does not cover");
            $stop;
        end
    end

    // the latches: reset at the edge whatever CE is (SYNC), or at once (ASYNC)
    always @(posedge CLKA or posedge arst_a) begin
        if (arst_a || srst_a) rd_a_q <= 18'd0;
        else if (a_load) rd_a_q <= a_keep;
    end
    always @(posedge CLKB or posedge arst_b) begin
        if (arst_b || srst_b) rd_b_q <= 36'd0;
        else if (b_load) rd_b_q <= b_keep;
    end

    // the output registers (REGMODE OUTREG): the latch one clock later,
    // loaded and reset (SYNC) only where OCE is high
    reg [17:0] out_a_q;
    reg [35:0] out_b_q;
    always @(posedge CLKA or posedge arst_a) begin
        if (arst_a) out_a_q <= 18'd0;
        else if (OCEA) out_a_q <= srst_a ? 18'd0 : rd_a_q;
    end
    always @(posedge CLKB or posedge arst_b) begin
        if (arst_b) out_b_q <= 36'd0;
        else if (OCEB) out_b_q <= srst_b ? 36'd0 : rd_b_q;
    end

    // what each port drives: the latch (NOREG) or the register (OUTREG);
    // the pseudo dual port reads {DOB, DOA} on port B
    wire [17:0] lat_a = PDP ? rd_b_q[17:0] : rd_a_q;
    wire [17:0] reg_a = PDP ? out_b_q[17:0] : out_a_q;
    wire [17:0] lat_b = PDP ? rd_b_q[35:18] : rd_b_q[17:0];
    wire [17:0] reg_b = PDP ? out_b_q[35:18] : out_b_q[17:0];
    wire [17:0] doa = (REGMODE_A == "OUTREG") ? reg_a : lat_a;
    wire [17:0] dob = (REGMODE_B == "OUTREG") ? reg_b : lat_b;
    assign {DOA17, DOA16, DOA15, DOA14, DOA13, DOA12, DOA11, DOA10, DOA9,
            DOA8, DOA7, DOA6, DOA5, DOA4, DOA3, DOA2, DOA1, DOA0} = doa;
    assign {DOB17, DOB16, DOB15, DOB14, DOB13, DOB12, DOB11, DOB10, DOB9,
            DOB8, DOB7, DOB6, DOB5, DOB4, DOB3, DOB2, DOB1, DOB0} = dob;

endmodule

`default_nettype wire
