// SPDX-License-Identifier: Apache-2.0
/*
 * sp_soc_ulx3s.v - the SoC demo on the ULX3S board (ECP5 LFE5U-85F,
 * CABGA381, 25 MHz): sp_soc in its reference configuration with both
 * memories in block RAM (fpga/soc/synth/soc_synth.py builds it; pins in
 * sp_soc_ulx3s.lpf).
 *
 * Code: 64 KiB of sp_soc_mem loaded from the firmware image at
 * configuration (ROM_INIT_FILE, 32-bit words for $readmemh), so a new
 * firmware means a new bitstream; the core never writes it.
 * Data: 128 KiB of sp_soc_mem.  The sizes are those of the simulation
 * (fpga/soc/sim/sp_soc_sim.v), so a firmware that runs there runs here.
 */
`resetall
`default_nettype none

module sp_soc_ulx3s #(
    parameter CLK_HZ           = 25000000,  // the board's clock, read back by software (SYS_CLK_HZ)
    parameter ROM_INIT_FILE    = "",       // the firmware, words for $readmemh
    parameter CPU_MULDIV       = 1,  // 1: rv32im core, 0: rv32i (the firmware must match)
    parameter CPU_FAST         = 1,  // barrel shifter and dual-port registers (block RAM on an iCE40)
    parameter BLOCK_TABLE_AW   = 11,  // log2 of the block's counter-table entries
    parameter BLOCK_COUNT_BITS = 16,  // the block's count field (rates up to 2^COUNT_BITS)
    parameter BLOCK_ASSOC_K    = 16,  // entries of A_k
    parameter BLOCK_OQ_AW      = 8,  // log2 of the output queue depth
    parameter BLOCK_TQ_AW      = 4,  // log2 of the tuple queue depth
    parameter BLOCK_ACC_BITS   = 64,  // accounting counter width
    parameter BLOCK_FILTER_N   = 8,  // entries of the block's PC filter
    parameter BLOCK_RING_AW    = 12,  // log2 of the block's largest message ring
    parameter OPT_ECP5         = 0   // 1: the block's RAMs as ECP5 DP16KD with output registers (synthesis sets it)
) (
    input  wire       clk_i,        // 25 MHz oscillator
    input  wire       fire1_i,      // button FIRE1, high while pressed: reset
    output wire       uart_tx_o,    // to the FTDI (its RXD)
    input  wire       uart_rx_i,    // from the FTDI (its TXD)
    output wire [7:0] led_o,
    output wire       wifi_gpio0_o  // the ESP32's boot pin
);

    localparam ROM_WORDS_LOG2 = 14, RAM_WORDS_LOG2 = 15;  // 64 KiB, 128 KiB

    // Held high, so the ESP32 on the board boots its own firmware and
    // leaves the FPGA alone (low would put it in its serial boot loader).
    assign wifi_gpio0_o = 1'b1;

    // ---- reset: 63 clocks after configuration (which leaves every
    // flip-flop at its initial value, 0 here) and while FIRE1 is pressed.
    // The button is sampled twice: it is asynchronous to the clock.
    reg  [5:0] por_q = 6'd0;
    reg  [1:0] fire1_q = 2'd0;
    wire       rst = !(&por_q);

    always @(posedge clk_i) begin
        fire1_q <= {fire1_q[0], fire1_i};
        if (fire1_q[1])
            por_q <= 6'd0;
        else if (rst)
            por_q <= por_q + 6'd1;
    end

    // ---- the system
    wire        rom_valid, rom_ready, ram_valid, ram_ready;
    wire [23:0] rom_addr;
    wire [19:0] ram_addr;
    wire [31:0] rom_rdata, ram_rdata, ram_wdata;
    wire [3:0]  ram_wstrb;

    sp_soc #(
        .CLK_HZ          (CLK_HZ),
        .CPU_MULDIV      (CPU_MULDIV),
        .CPU_FAST        (CPU_FAST),
        .BLOCK_TABLE_AW  (BLOCK_TABLE_AW),
        .BLOCK_COUNT_BITS(BLOCK_COUNT_BITS),
        .BLOCK_ASSOC_K   (BLOCK_ASSOC_K),
        .BLOCK_OQ_AW     (BLOCK_OQ_AW),
        .BLOCK_TQ_AW     (BLOCK_TQ_AW),
        .BLOCK_ACC_BITS  (BLOCK_ACC_BITS),
        .BLOCK_FILTER_N  (BLOCK_FILTER_N),
        .BLOCK_RING_AW   (BLOCK_RING_AW),
        .OPT_ECP5        (OPT_ECP5)
    ) soc (
        .clk_i        (clk_i),
        .rst_i        (rst),
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
        .uart_rx_i    (uart_rx_i),
        .leds_o       (led_o),
        // the simulation's observation ports stay open on a board
        /* verilator lint_off PINCONNECTEMPTY */
        .exit_o        (),
        .exit_code_o   (),
        .tuple_fire_o  (),
        .tuple_kind_o  (),
        .tuple_word0_o (),
        .tuple_word1_o (),
        .tuple_inject_o(),
        .in_handler_o  (),
        .block_irq_o   ()
        /* verilator lint_on PINCONNECTEMPTY */
    );

    // ---- code (the address bits above 64 KiB and the byte offset are
    // ignored: the ROM repeats through its 1 MiB window, as in simulation)
    sp_soc_mem #(
        .WORDS_LOG2(ROM_WORDS_LOG2),
        .INIT_FILE (ROM_INIT_FILE)
    ) rom (
        .clk_i  (clk_i),
        .rst_i  (rst),
        .valid_i(rom_valid),
        .ready_o(rom_ready),
        .addr_i (rom_addr[ROM_WORDS_LOG2+1:2]),
        .wdata_i(32'd0),
        .wstrb_i(4'd0),
        .rdata_o(rom_rdata)
    );

    // ---- data
    sp_soc_mem #(
        .WORDS_LOG2(RAM_WORDS_LOG2)
    ) ram (
        .clk_i  (clk_i),
        .rst_i  (rst),
        .valid_i(ram_valid),
        .ready_o(ram_ready),
        .addr_i (ram_addr[RAM_WORDS_LOG2+1:2]),
        .wdata_i(ram_wdata),
        .wstrb_i(ram_wstrb),
        .rdata_o(ram_rdata)
    );
    wire [14:0] unused_addr = {rom_addr[23:ROM_WORDS_LOG2+2], rom_addr[1:0],
                               ram_addr[19:RAM_WORDS_LOG2+2], ram_addr[1:0]};

endmodule

`resetall
