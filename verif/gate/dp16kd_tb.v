// SPDX-License-Identifier: Apache-2.0
/*
 * dp16kd_tb.v - the unit test of verif/gate/DP16KD.v, our simulation model
 * of the ECP5 block RAM, alone (verif/gate/dp16kd-test.sh runs it under
 * Icarus Verilog and under Verilator, the gate-level check's simulator).
 *
 * Each configuration gets the same stimulus; a cycle-level reference here,
 * written from Lattice's description of the cell (see DP16KD.v), says what
 * every output must be after every clock edge:
 *   - the read latency: a word read at edge k is on DO after edge k with
 *     REGMODE NOREG, after edge k + 1 with OUTREG;
 *   - random traffic on 18-bit ports (port A writing or reading, port B
 *     reading, clock enables CE and OCE and resets at random), NOREG and
 *     OUTREG on both ports, RESETMODE SYNC: the latch resets whatever CE
 *     is, the output register only where OCE is high;
 *   - RESETMODE ASYNC: a reset raised between two edges zeroes the
 *     outputs at once; released at once (ASYNC_RESET_RELEASE ASYNC, as
 *     Yosys's map sets it) the first edge after it falls reads again,
 *     released at the clock (SYNC) that edge is still in reset;
 *   - the pseudo dual port (36-bit widths): port A writes {DIB, DIA}, port
 *     B reads {DOB, DOA} through its latch and, with OUTREG, its register.
 * Closing line: "dp16kd: N passed, N failed".
 */
`timescale 1ns / 1ps
`default_nettype none

// One DP16KD with vector ports.
module dp16kd_tb_ram #(
    parameter DW_A = 18,
    parameter DW_B = 18,
    parameter REG_A = "NOREG",
    parameter REG_B = "NOREG",
    parameter RMODE = "SYNC",
    parameter RELEASE = RMODE
) (
    input  wire        clk,
    input  wire [13:0] ada,
    input  wire [17:0] dia,
    input  wire        cea, ocea, wea, rsta,
    input  wire [13:0] adb,
    input  wire [17:0] dib,
    input  wire        ceb, oceb, rstb,
    output wire [17:0] doa,
    output wire [17:0] dob
);
    DP16KD #(
        .DATA_WIDTH_A(DW_A), .DATA_WIDTH_B(DW_B),
        .REGMODE_A(REG_A), .REGMODE_B(REG_B),
        .RESETMODE(RMODE), .ASYNC_RESET_RELEASE(RELEASE),
        .WRITEMODE_A("NORMAL"), .WRITEMODE_B("NORMAL")
    ) u_ram (
        .DIA17(dia[17]), .DIA16(dia[16]), .DIA15(dia[15]), .DIA14(dia[14]), .DIA13(dia[13]),
        .DIA12(dia[12]), .DIA11(dia[11]), .DIA10(dia[10]), .DIA9(dia[9]), .DIA8(dia[8]),
        .DIA7(dia[7]), .DIA6(dia[6]), .DIA5(dia[5]), .DIA4(dia[4]), .DIA3(dia[3]),
        .DIA2(dia[2]), .DIA1(dia[1]), .DIA0(dia[0]),
        .ADA13(ada[13]), .ADA12(ada[12]), .ADA11(ada[11]), .ADA10(ada[10]), .ADA9(ada[9]),
        .ADA8(ada[8]), .ADA7(ada[7]), .ADA6(ada[6]), .ADA5(ada[5]), .ADA4(ada[4]),
        .ADA3(ada[3]), .ADA2(ada[2]), .ADA1(ada[1]), .ADA0(ada[0]),
        .CEA(cea), .OCEA(ocea), .CLKA(clk), .WEA(wea), .RSTA(rsta),
        .CSA2(1'b0), .CSA1(1'b0), .CSA0(1'b0),
        .DOA17(doa[17]), .DOA16(doa[16]), .DOA15(doa[15]), .DOA14(doa[14]), .DOA13(doa[13]),
        .DOA12(doa[12]), .DOA11(doa[11]), .DOA10(doa[10]), .DOA9(doa[9]), .DOA8(doa[8]),
        .DOA7(doa[7]), .DOA6(doa[6]), .DOA5(doa[5]), .DOA4(doa[4]), .DOA3(doa[3]),
        .DOA2(doa[2]), .DOA1(doa[1]), .DOA0(doa[0]),
        .DIB17(dib[17]), .DIB16(dib[16]), .DIB15(dib[15]), .DIB14(dib[14]), .DIB13(dib[13]),
        .DIB12(dib[12]), .DIB11(dib[11]), .DIB10(dib[10]), .DIB9(dib[9]), .DIB8(dib[8]),
        .DIB7(dib[7]), .DIB6(dib[6]), .DIB5(dib[5]), .DIB4(dib[4]), .DIB3(dib[3]),
        .DIB2(dib[2]), .DIB1(dib[1]), .DIB0(dib[0]),
        .ADB13(adb[13]), .ADB12(adb[12]), .ADB11(adb[11]), .ADB10(adb[10]), .ADB9(adb[9]),
        .ADB8(adb[8]), .ADB7(adb[7]), .ADB6(adb[6]), .ADB5(adb[5]), .ADB4(adb[4]),
        .ADB3(adb[3]), .ADB2(adb[2]), .ADB1(adb[1]), .ADB0(adb[0]),
        .CEB(ceb), .OCEB(oceb), .CLKB(clk), .WEB(1'b0), .RSTB(rstb),
        .CSB2(1'b0), .CSB1(1'b0), .CSB0(1'b0),
        .DOB17(dob[17]), .DOB16(dob[16]), .DOB15(dob[15]), .DOB14(dob[14]), .DOB13(dob[13]),
        .DOB12(dob[12]), .DOB11(dob[11]), .DOB10(dob[10]), .DOB9(dob[9]), .DOB8(dob[8]),
        .DOB7(dob[7]), .DOB6(dob[6]), .DOB5(dob[5]), .DOB4(dob[4]), .DOB3(dob[3]),
        .DOB2(dob[2]), .DOB1(dob[1]), .DOB0(dob[0])
    );
endmodule

module dp16kd_tb;
    localparam CYCLES = 4000;

    reg clk = 1'b0;
    // the stimulus, changed just after each falling edge
    reg [3:0]  wa, wb;        // word addresses (16 words, so that reads find writes)
    reg [17:0] dia, dib;
    reg        cea, ocea, wea, rsta, ceb, oceb, rstb;
    reg        arst_a, arst_b; // the asynchronous configuration's resets
    // 18-bit ports: the word at AD[13:4], byte enables AD[1:0];
    // 36-bit ports: the word at AD[13:5], byte enables ADA[3:0]
    wire [13:0] ada18 = {6'd0, wa, 4'b0011};
    wire [13:0] adb18 = {6'd0, wb, 4'b0000};
    wire [13:0] ada36 = {5'd0, wa, 5'b01111};
    wire [13:0] adb36 = {5'd0, wb, 5'b00000};

    wire [17:0] n_doa, n_dob, o_doa, o_dob, a_doa, a_dob, p_doa, p_dob, q_doa, q_dob;
    wire [17:0] y_doa, y_dob;
    // NOREG and OUTREG, synchronous reset
    dp16kd_tb_ram #(.REG_A("NOREG"), .REG_B("NOREG")) u_n (
        .clk(clk), .ada(ada18), .dia(dia), .cea(cea), .ocea(ocea), .wea(wea), .rsta(rsta),
        .adb(adb18), .dib(18'd0), .ceb(ceb), .oceb(oceb), .rstb(rstb), .doa(n_doa), .dob(n_dob));
    dp16kd_tb_ram #(.REG_A("OUTREG"), .REG_B("OUTREG")) u_o (
        .clk(clk), .ada(ada18), .dia(dia), .cea(cea), .ocea(ocea), .wea(wea), .rsta(rsta),
        .adb(adb18), .dib(18'd0), .ceb(ceb), .oceb(oceb), .rstb(rstb), .doa(o_doa), .dob(o_dob));
    // OUTREG with the asynchronous reset, released at the next clock
    dp16kd_tb_ram #(.REG_A("OUTREG"), .REG_B("OUTREG"), .RMODE("ASYNC"), .RELEASE("SYNC")) u_a (
        .clk(clk), .ada(ada18), .dia(dia), .cea(cea), .ocea(ocea), .wea(wea), .rsta(arst_a),
        .adb(adb18), .dib(18'd0), .ceb(ceb), .oceb(oceb), .rstb(arst_b), .doa(a_doa), .dob(a_dob));
    // and released at once (Yosys's map of an asynchronous read reset)
    dp16kd_tb_ram #(.REG_A("OUTREG"), .REG_B("OUTREG"), .RMODE("ASYNC"), .RELEASE("ASYNC")) u_y (
        .clk(clk), .ada(ada18), .dia(dia), .cea(cea), .ocea(ocea), .wea(wea), .rsta(arst_a),
        .adb(adb18), .dib(18'd0), .ceb(ceb), .oceb(oceb), .rstb(arst_b), .doa(y_doa), .dob(y_dob));
    // the pseudo dual port as Yosys's map ties it (OCEA low, RSTA low), NOREG and OUTREG
    dp16kd_tb_ram #(.DW_A(36), .DW_B(36)) u_p (
        .clk(clk), .ada(ada36), .dia(dia), .cea(cea), .ocea(1'b0), .wea(wea), .rsta(1'b0),
        .adb(adb36), .dib(dib), .ceb(ceb), .oceb(oceb), .rstb(rstb), .doa(p_doa), .dob(p_dob));
    dp16kd_tb_ram #(.DW_A(36), .DW_B(36), .REG_A("OUTREG"), .REG_B("OUTREG")) u_q (
        .clk(clk), .ada(ada36), .dia(dia), .cea(cea), .ocea(1'b0), .wea(wea), .rsta(1'b0),
        .adb(adb36), .dib(dib), .ceb(ceb), .oceb(oceb), .rstb(rstb), .doa(q_doa), .dob(q_dob));

    // ---- the reference
    reg [17:0] mem18 [0:15];
    reg [35:0] mem36 [0:15];
    // latches and output registers: synchronous (s), asynchronous (x), 36-bit (p)
    reg [17:0] s_lat_a, s_lat_b, s_reg_a, s_reg_b;
    reg [17:0] x_lat_a, x_lat_b, x_reg_a, x_reg_b;
    reg [17:0] y_lat_a, y_lat_b, y_reg_a, y_reg_b;
    reg [35:0] p_lat, p_reg;
    reg        x_hold_a, x_hold_b;
    reg [17:0] old_a, old_b;
    reg [35:0] old_p;
    reg        xa, xb;
    integer    i;

    // one clock edge of every configuration, from the inputs before it
    task ref_edge;
        begin
            // synchronous 18-bit: port B reads, port A reads when not writing
            // (WRITEMODE NORMAL: a writing port's latch holds); reads see the
            // array before this edge's write
            old_a = s_lat_a;
            old_b = s_lat_b;
            if (rsta) s_lat_a = 18'd0;
            else if (cea && !wea) s_lat_a = mem18[wa];
            if (rstb) s_lat_b = 18'd0;
            else if (ceb) s_lat_b = mem18[wb];
            if (ocea) s_reg_a = rsta ? 18'd0 : old_a;
            if (oceb) s_reg_b = rstb ? 18'd0 : old_b;
            // asynchronous: in reset while the pin is high or until this
            // edge after it fell (the release at the clock)
            xa = arst_a || x_hold_a;
            xb = arst_b || x_hold_b;
            old_a = x_lat_a;
            old_b = x_lat_b;
            if (xa) begin
                x_lat_a = 18'd0;
                x_reg_a = 18'd0;
            end else begin
                if (cea && !wea) x_lat_a = mem18[wa];
                if (ocea) x_reg_a = old_a;
            end
            if (xb) begin
                x_lat_b = 18'd0;
                x_reg_b = 18'd0;
            end else begin
                if (ceb) x_lat_b = mem18[wb];
                if (oceb) x_reg_b = old_b;
            end
            x_hold_a = arst_a;
            x_hold_b = arst_b;
            // asynchronous, released at once
            old_a = y_lat_a;
            old_b = y_lat_b;
            if (arst_a) begin
                y_lat_a = 18'd0;
                y_reg_a = 18'd0;
            end else begin
                if (cea && !wea) y_lat_a = mem18[wa];
                if (ocea) y_reg_a = old_a;
            end
            if (arst_b) begin
                y_lat_b = 18'd0;
                y_reg_b = 18'd0;
            end else begin
                if (ceb) y_lat_b = mem18[wb];
                if (oceb) y_reg_b = old_b;
            end
            // 36-bit: port B's latch and register hold both halves
            old_p = p_lat;
            if (rstb) p_lat = 36'd0;
            else if (ceb) p_lat = mem36[wb];
            if (oceb) p_reg = rstb ? 36'd0 : old_p;
            // the writes
            if (cea && wea) begin
                mem18[wa] = dia;
                mem36[wa] = {dib, dia};
            end
        end
    endtask

    integer pass = 0, fail = 0, errors = 0;

    task expect18;
        input [8*32-1:0] what;
        input [17:0] got, want;
        begin
            if (got !== want) begin
                errors = errors + 1;
                if (errors <= 10)
                    $display("dp16kd: %0s is %h, want %h (time %0t)", what, got, want, $time);
            end
        end
    endtask

    task check_all;
        begin
            expect18("NOREG DOA", n_doa, s_lat_a);
            expect18("NOREG DOB", n_dob, s_lat_b);
            expect18("OUTREG DOA", o_doa, s_reg_a);
            expect18("OUTREG DOB", o_dob, s_reg_b);
            expect18("ASYNC OUTREG DOA", a_doa, x_reg_a);
            expect18("ASYNC OUTREG DOB", a_dob, x_reg_b);
            expect18("ASYNC/ASYNC OUTREG DOA", y_doa, y_reg_a);
            expect18("ASYNC/ASYNC OUTREG DOB", y_dob, y_reg_b);
            expect18("PDP NOREG DOA", p_doa, p_lat[17:0]);
            expect18("PDP NOREG DOB", p_dob, p_lat[35:18]);
            expect18("PDP OUTREG DOA", q_doa, p_reg[17:0]);
            expect18("PDP OUTREG DOB", q_dob, p_reg[35:18]);
        end
    endtask

    // a named group of checks: passed when no check since the last one failed
    task group;
        input [8*80-1:0] what;
        begin
            if (errors == 0) begin
                pass = pass + 1;
                $display("ok   %0s", what);
            end else begin
                fail = fail + 1;
                $display("FAIL %0s (%0d mismatches)", what, errors);
            end
            errors = 0;
        end
    endtask

    // one clock: rising edge, the reference, then the falling edge
    task tick;
        begin
            #5 clk = 1'b1;
            ref_edge;
            #1 check_all;
            #4 clk = 1'b0;
        end
    endtask

    task idle;
        begin
            cea = 1'b0; wea = 1'b0; ceb = 1'b0; ocea = 1'b1; oceb = 1'b1;
            rsta = 1'b0; rstb = 1'b0; arst_a = 1'b0; arst_b = 1'b0;
        end
    endtask

    reg [17:0] prev_dob;
    integer seed = 12345;
    integer r;

    initial begin
        for (i = 0; i < 16; i = i + 1) begin
            mem18[i] = 18'd0;
            mem36[i] = 36'd0;
        end
        wa = 4'd0; wb = 4'd0; dia = 18'd0; dib = 18'd0;
        s_lat_a = 0; s_lat_b = 0; s_reg_a = 0; s_reg_b = 0;
        x_lat_a = 0; x_lat_b = 0; x_reg_a = 0; x_reg_b = 0; x_hold_a = 0; x_hold_b = 0;
        y_lat_a = 0; y_lat_b = 0; y_reg_a = 0; y_reg_b = 0;
        p_lat = 0; p_reg = 0;
        // reset every latch and register (the model starts undefined)
        idle;
        rsta = 1'b1; rstb = 1'b1; arst_a = 1'b1; arst_b = 1'b1;
        #5 clk = 1'b1;
        #5 clk = 1'b0;
        #5 clk = 1'b1;
        #5 clk = 1'b0;
        idle;
        #5 clk = 1'b1;
        #5 clk = 1'b0;
        x_hold_a = 1'b0; x_hold_b = 1'b0;
        errors = 0;

        // ---- the read latency: write word 5, then read it once
        wa = 4'd5; dia = 18'h2a5a5; dib = 18'h15a5a; cea = 1'b1; wea = 1'b1;
        tick;
        idle;
        wb = 4'd5; ceb = 1'b1;
        prev_dob = o_dob;
        tick;                     // edge k: the read
        ceb = 1'b0;
        expect18("NOREG after edge k", n_dob, 18'h2a5a5);
        expect18("OUTREG after edge k", o_dob, prev_dob);
        group("NOREG: the read on DO one clock after its address");
        tick;                     // edge k + 1
        expect18("OUTREG after edge k+1", o_dob, 18'h2a5a5);
        expect18("PDP OUTREG DOA after k+1", q_doa, 18'h2a5a5);
        expect18("PDP OUTREG DOB after k+1", q_dob, 18'h15a5a);
        group("OUTREG: the read on DO two clocks after its address");

        // ---- OCE low holds the output register, and its sync reset
        wb = 4'd0; ceb = 1'b1; oceb = 1'b0;
        tick;                     // latch: word 0; register holds word 5
        expect18("OUTREG held by OCE low", o_dob, 18'h2a5a5);
        ceb = 1'b0; rstb = 1'b1;
        tick;                     // reset with OCE low: latch zeroed, register holds
        expect18("NOREG reset", n_dob, 18'd0);
        expect18("OUTREG reset behind OCE", o_dob, 18'h2a5a5);
        rstb = 1'b0; oceb = 1'b1;
        tick;
        expect18("OUTREG loads the zeroed latch", o_dob, 18'd0);
        group("OUTREG: OCE holds the register and gates its reset");

        // ---- the asynchronous reset: at once, released at the next clock
        wb = 4'd5; ceb = 1'b1;
        tick;
        tick;
        expect18("ASYNC OUTREG before reset", a_dob, 18'h2a5a5);
        #2 arst_b = 1'b1;
        #1 expect18("ASYNC reset at once", a_dob, 18'd0);
        expect18("ASYNC/ASYNC reset at once", y_dob, 18'd0);
        x_reg_b = 18'd0; x_lat_b = 18'd0;
        y_reg_b = 18'd0; y_lat_b = 18'd0;
        tick;
        arst_b = 1'b0;
        #1 expect18("ASYNC reset held", a_dob, 18'd0);
        tick;                     // the release edge: a read when released at once
        expect18("ASYNC/ASYNC latch read", y_dob, 18'd0);
        tick;                     // released at the clock: the read now
        expect18("ASYNC/ASYNC OUTREG after release", y_dob, 18'h2a5a5);
        expect18("ASYNC OUTREG one edge later", a_dob, 18'd0);
        tick;                     // and its register
        expect18("ASYNC OUTREG after release", a_dob, 18'h2a5a5);
        ceb = 1'b0;
        group("ASYNC reset: at once, released at the next clock");

        // ---- random traffic
        for (i = 0; i < CYCLES; i = i + 1) begin
            r = $random(seed);
            wa = r[3:0];
            wb = r[7:4];
            cea = r[11:8] != 4'd0;
            wea = r[12];
            ceb = r[15:13] != 3'd0;
            ocea = r[17:16] != 2'd0;
            oceb = r[19:18] != 2'd0;
            rsta = r[24:20] == 5'd0;
            rstb = r[29:25] == 5'd0;
            // the port B read of the word port A writes at the same edge is
            // undefined (the model inverts it): kept out
            if (cea && wea && ceb && wa == wb) wb = wa + 4'd1;
            dia = $random(seed);
            dib = $random(seed);
            // the asynchronous resets rise and fall between the edges
            r = $random(seed);
            if (r[4:0] == 5'd0) begin
                #2 arst_a = !arst_a;
                if (arst_a) begin
                    x_lat_a = 18'd0;
                    x_reg_a = 18'd0;
                    y_lat_a = 18'd0;
                    y_reg_a = 18'd0;
                end
            end
            if (r[9:5] == 5'd0) begin
                #1 arst_b = !arst_b;
                if (arst_b) begin
                    x_lat_b = 18'd0;
                    x_reg_b = 18'd0;
                    y_lat_b = 18'd0;
                    y_reg_b = 18'd0;
                end
            end
            #1 check_all;
            tick;
        end
        group("random traffic: NOREG, OUTREG, SYNC and ASYNC resets, 18 and 36 bits");

        $display("dp16kd: %0d passed, %0d failed", pass, fail);
        $finish;
    end
endmodule

`default_nettype wire
