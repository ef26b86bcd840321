// SPDX-License-Identifier: Apache-2.0
/*
 * sp_sweep.v - the init sweep: zeroes the counter table, and after reset
 * also copies the default S-box from its ROM into every S-box copy.
 *
 * RAMs have no reset (house style), so the state the spec requires after
 * reset and after every table clear (docs/spec.md 5.2: every entry Empty
 * with count 0) is written one row per clock.  A clear sweep takes
 * 2^ROW_AW clocks; the sweep after reset takes max(2^ROW_AW, 256) clocks
 * plus ROM_LAT, because the ROM's registered read puts each S-box byte on
 * the write port ROM_LAT clocks after its address (two where the ROM's
 * output register is used, sp_hash).  While busy_o is high the
 * pipeline takes nothing from the tuple queue and the registers refuse
 * configuration (STATUS.BUSY).
 *
 * Under `FORMAL (verif/formal/ only) f_cnt_o shows the sweep's count: the
 * whole-block proof tells a sweep just started by it.
 */
`resetall
`default_nettype none

module sp_sweep #(
    // log2 of the table rows (0 for a one-row table)
    parameter ROW_AW = 10,
    // clocks from the ROM's address to its data, 1 or 2
    parameter ROM_LAT = 1
) (
    input  wire             clk_i,
    input  wire             rst_i,
    // an accepted table clear (CMD.CLEAR_TABLE or a configuration write)
    input  wire             clear_i,
    output wire             busy_o,
    // zero this row of every table column
    output wire             table_we_o,
    output wire [ROW_W-1:0] table_row_o,
    // default S-box: ROM read address now, copy write ROM_LAT clocks later
    output wire [7:0]       rom_addr_o,
    output wire             sbox_we_o,
    output wire [7:0]       sbox_addr_o
`ifdef FORMAL
    , output wire [CW-1:0]  f_cnt_o
`endif
);

    localparam ROW_W = (ROW_AW > 0) ? ROW_AW : 1;
    // the counter covers the rows and the 256 S-box entries
    localparam CW = (ROW_W > 8) ? ROW_W : 8;
    localparam [CW-1:0] LAST_ROW = (1 << ROW_AW) - 1;
    localparam [CW-1:0] LAST_ALL = {CW{1'b1}};

    reg          active_q, restore_q;
    reg [CW-1:0] cnt_q;
    // the ROM read's write, one stage per clock of the ROM's latency
    reg [ROM_LAT-1:0] sbox_we_q;
    reg [8*ROM_LAT-1:0] sbox_addr_q;
    wire [ROM_LAT:0]     we_shift   = {sbox_we_q, active_q && restore_q};
    wire [8*ROM_LAT+7:0] addr_shift = {sbox_addr_q, cnt_q[7:0]};
    wire unused_shift = ^{we_shift[ROM_LAT], addr_shift[8*ROM_LAT+7 -: 8]};

    wire last = cnt_q == (restore_q ? LAST_ALL : LAST_ROW);

    always @(posedge clk_i) begin
        if (active_q) begin
            cnt_q <= cnt_q + {{(CW - 1){1'b0}}, 1'b1};
            if (last) active_q <= 1'b0;
        end
        if (clear_i) begin
            active_q  <= 1'b1;
            restore_q <= 1'b0;
            cnt_q     <= {CW{1'b0}};
        end
        sbox_we_q   <= we_shift[ROM_LAT-1:0];
        sbox_addr_q <= addr_shift[8*ROM_LAT-1:0];
        if (rst_i) begin
            active_q  <= 1'b1;
            restore_q <= 1'b1;
            cnt_q     <= {CW{1'b0}};
            sbox_we_q <= {ROM_LAT{1'b0}};
        end
    end

    assign busy_o      = active_q || sbox_we_q != {ROM_LAT{1'b0}};
    assign table_we_o  = active_q;
    assign table_row_o = cnt_q[ROW_W-1:0];
    assign rom_addr_o  = cnt_q[7:0];
    assign sbox_we_o   = sbox_we_q[ROM_LAT-1];
    assign sbox_addr_o = sbox_addr_q[8*ROM_LAT-1 -: 8];

`ifdef FORMAL
    assign f_cnt_o = cnt_q;
`endif

`ifdef SP_ASSERT
    always @(posedge clk_i) begin
        if (!rst_i) assert (!(clear_i && busy_o));
    end
`endif

endmodule

`resetall
