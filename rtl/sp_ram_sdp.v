// SPDX-License-Identifier: Apache-2.0
/*
 * sp_ram_sdp.v - the one RAM of stratprof: simple dual port, registered read.
 *
 * Every memory of the block (counter-table columns, S-box copies, the
 * default S-box ROM, tuple queue, output queue) is an instance of this
 * module, written as a plain array so that Yosys infers block RAM on
 * iCE40 and ECP5.
 *
 * One write port and one read port on the same clock.  The read data is
 * registered: the word at raddr_i in one cycle appears on rdata_o in the
 * next, or with OUT_REG = 1 two cycles later, through a second register.
 * A block RAM's clock-to-output is most of a clock on its own (5.8 ns on
 * an ECP5 -6), so a read that must be followed by logic at a fast clock
 * takes OUT_REG: on an ECP5 the second register is the RAM's own output
 * register, elsewhere a register of the fabric right behind it.
 *
 * A read of the address written in the same cycle returns x: the block
 * never uses such a read (the counter table forwards the written entry
 * instead, the FIFOs do not count an entry until it has landed, the S-box
 * is not read while it is written), and saying so lets Yosys map the array
 * to a bare SB_RAM40_4K / DP16KD.  Written as "old data", Yosys would
 * emulate read-first with a register and a bypass multiplexer per data bit.
 * The array has no reset: a RAM that must start at zero is cleared by a
 * sweep after reset.
 *
 * OPT_DP16KD = 1 (set by the ECP5 synthesis alone, fpga/synth/synth.py)
 * builds a RAM of at least 64 words from ECP5 DP16KD cells with REGMODE
 * OUTREG: Yosys maps an inferred ECP5 block RAM without its output
 * register, so the RAM's clock-to-output plus one route would bound the
 * clock.  This is the one vendor cell of the RTL; the plain array stays
 * the default for every simulator, the iCE40 and the proofs, and the
 * gate-level check simulates the cell (verif/gate/DP16KD.v).  A cell is
 * 16 Kbit: 512 words of 36 bits (port A writing both halves, each port
 * reading one, both through their output registers) for a word wider than
 * 18 bits, or 1K x 18, 2K x 9, 4K x 4, 8K x 2, 16K x 1; the word is split
 * over as many cells as its width needs.  Smaller RAMs stay arrays (Yosys puts them in LUT RAM,
 * whose read is fast).  An initialised RAM (OPT_INIT, the S-box ROM) takes
 * its words from INIT, a parameter, so that both forms start with them.
 *
 * Under `FORMAL (the proofs in verif/formal/ only) f_mem_o shows every
 * word, so that a harness can state what the RAM holds.
 */
`resetall
`default_nettype none

module sp_ram_sdp #(
    // log2 of the number of words (at least 1)
    parameter AW = 8,
    // word width in bits
    parameter DW = 8,
    // 1: the words start as INIT at configuration (a ROM); 0: undefined
    parameter OPT_INIT = 0,
    // the initial words when OPT_INIT = 1, word i at bits i*DW
    parameter INIT = 0,
    // 1: the read data passes a second register (read latency 2)
    parameter OUT_REG = 0,
    // 1: ECP5 DP16KD cells with their output register for a RAM of 64 words
    // or more (ECP5 synthesis only; such a RAM needs OUT_REG = 1)
    parameter OPT_DP16KD = 0
) (
    input  wire          clk_i,
    input  wire          we_i,
    input  wire [AW-1:0] waddr_i,
    input  wire [DW-1:0] wdata_i,
    // the read register takes the word at raddr_i when rd_en_i (else it
    // holds), the output register (OUT_REG) the read register's when
    // out_en_i
    input  wire          rd_en_i,
    input  wire [AW-1:0] raddr_i,
    input  wire          out_en_i,
    output wire [DW-1:0] rdata_o
`ifdef FORMAL
    // every word, word i at bits i*DW; the read register (with OUT_REG the
    // stage before rdata_o)
    , output wire [(1 << AW)*DW-1:0] f_mem_o
    , output wire [DW-1:0]           f_rdata1_o
`endif
);

    // parameter checks: a bad value instantiates a module named after the
    // rule it breaks, which does not exist, so every tool stops there
    generate
        if (AW < 1 || AW > 14) begin : g_bad_aw
            sp_ram_sdp_AW_must_be_1_to_14 u_error ();
        end
        if (OUT_REG != 0 && OUT_REG != 1) begin : g_bad_out_reg
            sp_ram_sdp_OUT_REG_must_be_0_or_1 u_error ();
        end
        if (OPT_DP16KD != 0 && AW >= 6 && OUT_REG != 1) begin : g_bad_dp16kd
            sp_ram_sdp_DP16KD_cells_need_OUT_REG u_error ();
        end
    endgenerate

    // the cells' shape for this depth: bits of a word per cell.  An
    // initialised RAM takes cells of 9 or 18 bits, whose INITVAL layout is
    // a plain sequence of 9-bit units.
    localparam CELL_W = (AW <= 9 && OPT_INIT == 0 && DW > 18) ? 36 : (AW <= 10) ? 18 : (AW == 11) ? 9 :
                        (AW == 12) ? 4 : (AW == 13) ? 2 : 1;
    localparam CELLS  = (DW + CELL_W - 1) / CELL_W;
    localparam USE_CELLS = (OPT_DP16KD != 0 && AW >= 6) ? 1 : 0;

    // units of 9 bits in a cell's word (OPT_INIT: 1 or 2)
    localparam UPW = (CELL_W >= 9) ? CELL_W / 9 : 1;

    // INITVAL_n of cell c: 18-bit words 16n..16n+15 in 20-bit slots, word
    // k holding 9-bit units 2k (low) and 2k + 1; the cell's word w is its
    // units UPW w.. (low first), and holds bits CELL_W c.. of RAM word w.
    // At the module's level: Verilator evaluates no constant function
    // declared in a generate block.
    function [8:0] unit(input integer c, input integer u);
        integer b, bit_no;
        begin
            unit = 9'd0;
            for (b = 0; b < 9; b = b + 1) begin
                bit_no = c * CELL_W + (u % UPW) * 9 + b;
                if (u / UPW < (1 << AW) && bit_no < DW)
                    unit[b] = INIT[(u / UPW) * DW + bit_no];
            end
        end
    endfunction
    function [319:0] initval(input integer c, input integer n);
        integer i;
        begin
            initval = 320'd0;
            if (OPT_INIT != 0)
                for (i = 0; i < 16; i = i + 1)
                    initval[i*20 +: 18] = {unit(c, 2 * (16 * n + i) + 1), unit(c, 2 * (16 * n + i))};
        end
    endfunction

    generate
        if (USE_CELLS != 0 && OPT_INIT != 0 && AW > 11) begin : g_bad_init
            sp_ram_sdp_an_initialised_DP16KD_RAM_needs_AW_up_to_11 u_error ();
        end
        if (USE_CELLS != 0) begin : g_dp16kd
            // a cell's address is in units of its width, the low address
            // pins being byte enables (18 and 36 bits) or unused
            localparam AB = (CELL_W == 36) ? 5 : (CELL_W == 18) ? 4 : (CELL_W == 9) ? 3 :
                            (CELL_W == 4) ? 2 : (CELL_W == 2) ? 1 : 0;
            localparam [13:0] BE = (CELL_W == 36) ? 14'hF : (CELL_W == 18) ? 14'h3 : 14'h0;
            wire [DW+CELL_W-1:0] wd = {{CELL_W{1'b0}}, wdata_i};
            wire [CELLS*CELL_W-1:0] rd;
            wire [13+AW:0] wa_x = {14'd0, waddr_i} << AB;
            wire [13+AW:0] ra_x = {14'd0, raddr_i} << AB;
            wire [13:0] wa = wa_x[13:0] | BE;
            wire [13:0] ra = ra_x[13:0];
            genvar c;
            for (c = 0; c < CELLS; c = c + 1) begin : g_cell
                wire [35+CELL_W:0] di_x = {36'd0, wd[c*CELL_W +: CELL_W]};
                wire [35:0] di = di_x[35:0];
                wire unused_di_x = ^di_x[35+CELL_W:36];
                // 36 bits: port A writes {DIB, DIA} and port B reads {DOB,
                // DOA}; narrower, port A writes DIA and port B reads DOB
                wire [17:0] dia = di[17:0];
                wire [17:0] dib = (CELL_W == 36) ? di[35:18] : 18'd0;
                wire [17:0] doa, dob;
                wire [35:0] dout = (CELL_W == 36) ? {dob, doa} : {18'd0, dob};
                assign rd[c*CELL_W +: CELL_W] = dout[CELL_W-1:0];
                wire unused_dout = ^dout;   // a narrow cell's word is the low bits
                DP16KD #(
                    .DATA_WIDTH_A(CELL_W),
                    .DATA_WIDTH_B(CELL_W),
                    // 36 bits: half the word leaves by port A's pins, and
                    // through its output register
                    .REGMODE_A((CELL_W == 36) ? "OUTREG" : "NOREG"),
                    .REGMODE_B("OUTREG"),
                    .RESETMODE("SYNC"),
                    .ASYNC_RESET_RELEASE("SYNC"),
                    .CSDECODE_A("0b000"),
                    .CSDECODE_B("0b000"),
                    .WRITEMODE_A("NORMAL"),
                    .WRITEMODE_B("NORMAL"),
                    .GSR("DISABLED"),
                    .INITVAL_00(initval(c, 0)),
                    .INITVAL_01(initval(c, 1)),
                    .INITVAL_02(initval(c, 2)),
                    .INITVAL_03(initval(c, 3)),
                    .INITVAL_04(initval(c, 4)),
                    .INITVAL_05(initval(c, 5)),
                    .INITVAL_06(initval(c, 6)),
                    .INITVAL_07(initval(c, 7)),
                    .INITVAL_08(initval(c, 8)),
                    .INITVAL_09(initval(c, 9)),
                    .INITVAL_0A(initval(c, 10)),
                    .INITVAL_0B(initval(c, 11)),
                    .INITVAL_0C(initval(c, 12)),
                    .INITVAL_0D(initval(c, 13)),
                    .INITVAL_0E(initval(c, 14)),
                    .INITVAL_0F(initval(c, 15)),
                    .INITVAL_10(initval(c, 16)),
                    .INITVAL_11(initval(c, 17)),
                    .INITVAL_12(initval(c, 18)),
                    .INITVAL_13(initval(c, 19)),
                    .INITVAL_14(initval(c, 20)),
                    .INITVAL_15(initval(c, 21)),
                    .INITVAL_16(initval(c, 22)),
                    .INITVAL_17(initval(c, 23)),
                    .INITVAL_18(initval(c, 24)),
                    .INITVAL_19(initval(c, 25)),
                    .INITVAL_1A(initval(c, 26)),
                    .INITVAL_1B(initval(c, 27)),
                    .INITVAL_1C(initval(c, 28)),
                    .INITVAL_1D(initval(c, 29)),
                    .INITVAL_1E(initval(c, 30)),
                    .INITVAL_1F(initval(c, 31)),
                    .INITVAL_20(initval(c, 32)),
                    .INITVAL_21(initval(c, 33)),
                    .INITVAL_22(initval(c, 34)),
                    .INITVAL_23(initval(c, 35)),
                    .INITVAL_24(initval(c, 36)),
                    .INITVAL_25(initval(c, 37)),
                    .INITVAL_26(initval(c, 38)),
                    .INITVAL_27(initval(c, 39)),
                    .INITVAL_28(initval(c, 40)),
                    .INITVAL_29(initval(c, 41)),
                    .INITVAL_2A(initval(c, 42)),
                    .INITVAL_2B(initval(c, 43)),
                    .INITVAL_2C(initval(c, 44)),
                    .INITVAL_2D(initval(c, 45)),
                    .INITVAL_2E(initval(c, 46)),
                    .INITVAL_2F(initval(c, 47)),
                    .INITVAL_30(initval(c, 48)),
                    .INITVAL_31(initval(c, 49)),
                    .INITVAL_32(initval(c, 50)),
                    .INITVAL_33(initval(c, 51)),
                    .INITVAL_34(initval(c, 52)),
                    .INITVAL_35(initval(c, 53)),
                    .INITVAL_36(initval(c, 54)),
                    .INITVAL_37(initval(c, 55)),
                    .INITVAL_38(initval(c, 56)),
                    .INITVAL_39(initval(c, 57)),
                    .INITVAL_3A(initval(c, 58)),
                    .INITVAL_3B(initval(c, 59)),
                    .INITVAL_3C(initval(c, 60)),
                    .INITVAL_3D(initval(c, 61)),
                    .INITVAL_3E(initval(c, 62)),
                    .INITVAL_3F(initval(c, 63))
                ) u_cell (
                    .CLKA(clk_i), .CEA(1'b1), .OCEA((CELL_W == 36) ? out_en_i : 1'b0), .WEA(we_i), .RSTA(1'b0),
                    .CSA2(1'b0), .CSA1(1'b0), .CSA0(1'b0),
                    .ADA13(wa[13]), .ADA12(wa[12]), .ADA11(wa[11]), .ADA10(wa[10]), .ADA9(wa[9]), .ADA8(wa[8]),
                    .ADA7(wa[7]), .ADA6(wa[6]), .ADA5(wa[5]), .ADA4(wa[4]), .ADA3(wa[3]), .ADA2(wa[2]), .ADA1(wa[1]),
                    .ADA0(wa[0]),
                    .DIA17(dia[17]), .DIA16(dia[16]), .DIA15(dia[15]), .DIA14(dia[14]), .DIA13(dia[13]),
                    .DIA12(dia[12]), .DIA11(dia[11]), .DIA10(dia[10]), .DIA9(dia[9]), .DIA8(dia[8]), .DIA7(dia[7]),
                    .DIA6(dia[6]), .DIA5(dia[5]), .DIA4(dia[4]), .DIA3(dia[3]), .DIA2(dia[2]), .DIA1(dia[1]),
                    .DIA0(dia[0]),
                    .DOA17(doa[17]), .DOA16(doa[16]), .DOA15(doa[15]), .DOA14(doa[14]), .DOA13(doa[13]),
                    .DOA12(doa[12]), .DOA11(doa[11]), .DOA10(doa[10]), .DOA9(doa[9]), .DOA8(doa[8]), .DOA7(doa[7]),
                    .DOA6(doa[6]), .DOA5(doa[5]), .DOA4(doa[4]), .DOA3(doa[3]), .DOA2(doa[2]), .DOA1(doa[1]),
                    .DOA0(doa[0]),
                    .CLKB(clk_i), .CEB(rd_en_i), .OCEB(out_en_i), .WEB(1'b0), .RSTB(1'b0),
                    .CSB2(1'b0), .CSB1(1'b0), .CSB0(1'b0),
                    .ADB13(ra[13]), .ADB12(ra[12]), .ADB11(ra[11]), .ADB10(ra[10]), .ADB9(ra[9]), .ADB8(ra[8]),
                    .ADB7(ra[7]), .ADB6(ra[6]), .ADB5(ra[5]), .ADB4(ra[4]), .ADB3(ra[3]), .ADB2(ra[2]), .ADB1(ra[1]),
                    .ADB0(ra[0]),
                    .DIB17(dib[17]), .DIB16(dib[16]), .DIB15(dib[15]), .DIB14(dib[14]), .DIB13(dib[13]),
                    .DIB12(dib[12]), .DIB11(dib[11]), .DIB10(dib[10]), .DIB9(dib[9]), .DIB8(dib[8]), .DIB7(dib[7]),
                    .DIB6(dib[6]), .DIB5(dib[5]), .DIB4(dib[4]), .DIB3(dib[3]), .DIB2(dib[2]), .DIB1(dib[1]),
                    .DIB0(dib[0]),
                    .DOB17(dob[17]), .DOB16(dob[16]), .DOB15(dob[15]), .DOB14(dob[14]), .DOB13(dob[13]),
                    .DOB12(dob[12]), .DOB11(dob[11]), .DOB10(dob[10]), .DOB9(dob[9]), .DOB8(dob[8]), .DOB7(dob[7]),
                    .DOB6(dob[6]), .DOB5(dob[5]), .DOB4(dob[4]), .DOB3(dob[3]), .DOB2(dob[2]), .DOB1(dob[1]),
                    .DOB0(dob[0])
                );
            end
            assign rdata_o = rd[DW-1:0];
            wire unused_cells = ^{rd, wd[DW+CELL_W-1:DW], wa_x[13+AW:14], ra_x[13+AW:14]};
`ifdef FORMAL
            // the proofs build the array (OPT_DP16KD is the ECP5 synthesis's)
            assign f_mem_o    = {((1 << AW) * DW){1'b0}};
            assign f_rdata1_o = {DW{1'b0}};
`endif
        end else begin : g_array
            reg [DW-1:0] mem [0:(1 << AW) - 1];
            reg [DW-1:0] rdata_q;

            // a ROM (the default S-box): block RAMs of iCE40 and ECP5 take
            // the initial words as their contents at configuration
            if (OPT_INIT != 0) begin : g_init
                integer i;
                initial
                    for (i = 0; i < (1 << AW); i = i + 1)
                        mem[i] = INIT[i*DW +: DW];
            end

            always @(posedge clk_i) begin
                if (we_i) mem[waddr_i] <= wdata_i;
                // collision: undefined (see above)
                if (rd_en_i) begin
                    if (we_i && waddr_i == raddr_i) rdata_q <= {DW{1'bx}};
                    else rdata_q <= mem[raddr_i];
                end
            end

            if (OUT_REG != 0) begin : g_out_reg
                reg [DW-1:0] rdata_q2;
                always @(posedge clk_i) if (out_en_i) rdata_q2 <= rdata_q;
                assign rdata_o = rdata_q2;
            end else begin : g_no_out_reg
                assign rdata_o = rdata_q;
                wire unused_out_en = out_en_i;
            end

`ifdef FORMAL
            reg [(1 << AW)*DW-1:0] f_mem;
            integer f;
            always @* begin
                for (f = 0; f < (1 << AW); f = f + 1)
                    f_mem[f*DW +: DW] = mem[f];
            end
            assign f_mem_o    = f_mem;
            assign f_rdata1_o = rdata_q;
`endif
        end
    endgenerate

endmodule

`resetall
