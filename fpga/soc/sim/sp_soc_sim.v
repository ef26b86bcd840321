// SPDX-License-Identifier: Apache-2.0
/*
 * sp_soc_sim.v - the SoC as the Verilator harness runs it: sp_soc with
 * 64 KiB of ROM and 128 KiB of RAM, both sp_soc_mem.  The ROM image is the
 * file named by the +rom=FILE plusarg (32-bit words, $readmemh), so one
 * build runs every firmware.
 */
`resetall
`default_nettype none

module sp_soc_sim #(
    parameter CLK_HZ   = 1843200,  // nominal: the UART divider comes out at 16 clocks a bit
    parameter MEM_WAIT = 1         // the ROM's and RAM's wait: 1 as on the boards, 0 (sp_soc_mem READ_WAIT)
) (
    input  wire        clk_i,
    input  wire        rst_i,
    output wire        uart_tx_o,
    output wire        exit_o,
    output wire [31:0] exit_code_o,
    output wire        tuple_fire_o,
    output wire [2:0]  tuple_kind_o,
    output wire [31:0] tuple_word0_o,
    output wire [31:0] tuple_word1_o,
    output wire        tuple_inject_o,
    output wire        in_handler_o,
    output wire        block_irq_o
);

    localparam ROM_WORDS_LOG2 = 14, RAM_WORDS_LOG2 = 15;

    wire        rom_valid, rom_ready, ram_valid, ram_ready;
    wire [23:0] rom_addr;
    wire [19:0] ram_addr;
    wire [31:0] rom_rdata, ram_rdata, ram_wdata;
    wire [3:0]  ram_wstrb;
    wire [7:0]  leds;
    // LEDs and the address bits above and below the memories' words go nowhere
    wire [22:0] unused_sim = {leds, rom_addr[23:ROM_WORDS_LOG2+2], rom_addr[1:0], ram_addr[19:RAM_WORDS_LOG2+2], ram_addr[1:0]};

    sp_soc #(
        .CLK_HZ(CLK_HZ)
    ) soc (
        .clk_i        (clk_i),
        .rst_i        (rst_i),
        .rom_valid_o  (rom_valid),
        .rom_ready_i  (rom_ready),
        .rom_addr_o   (rom_addr),
        .rom_rdata_i  (rom_rdata),
        .ram_valid_o  (ram_valid),
        .ram_ready_i  (ram_ready),
        .ram_addr_o   (ram_addr),
        .ram_wdata_o  (ram_wdata),
        .ram_wstrb_o  (ram_wstrb),
        .ram_rdata_i  (ram_rdata),
        .uart_tx_o    (uart_tx_o),
        .uart_rx_i    (1'b1),
        .leds_o       (leds),
        .exit_o       (exit_o),
        .exit_code_o  (exit_code_o),
        .tuple_fire_o (tuple_fire_o),
        .tuple_kind_o (tuple_kind_o),
        .tuple_word0_o(tuple_word0_o),
        .tuple_word1_o(tuple_word1_o),
        .tuple_inject_o(tuple_inject_o),
        .in_handler_o (in_handler_o),
        .block_irq_o  (block_irq_o)
    );

    sp_soc_mem #(
        .WORDS_LOG2(ROM_WORDS_LOG2),
        .READ_WAIT (MEM_WAIT)
    ) rom (
        .clk_i  (clk_i),
        .rst_i  (rst_i),
        .valid_i(rom_valid),
        .ready_o(rom_ready),
        .addr_i (rom_addr[ROM_WORDS_LOG2+1:2]),
        .wdata_i(32'd0),
        .wstrb_i(4'd0),
        .rdata_o(rom_rdata)
    );

    sp_soc_mem #(
        .WORDS_LOG2(RAM_WORDS_LOG2),
        .READ_WAIT (MEM_WAIT)
    ) ram (
        .clk_i  (clk_i),
        .rst_i  (rst_i),
        .valid_i(ram_valid),
        .ready_o(ram_ready),
        .addr_i (ram_addr[RAM_WORDS_LOG2+1:2]),
        .wdata_i(ram_wdata),
        .wstrb_i(ram_wstrb),
        .rdata_o(ram_rdata)
    );

    // The firmware image, chosen at run time.
    reg [1023:0] rom_file;
    initial begin
        if ($value$plusargs("rom=%s", rom_file))
            $readmemh(rom_file, rom.mem);
        else begin
            $display("sp_soc_sim: no +rom=FILE given");
            $finish;
        end
    end

endmodule

`resetall
