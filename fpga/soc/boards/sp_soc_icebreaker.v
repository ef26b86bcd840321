// SPDX-License-Identifier: Apache-2.0
/*
 * sp_soc_icebreaker.v - the SoC demo on the iCEBreaker board (iCE40 UP5K,
 * sg48, 12 MHz): sp_soc with its code in the board's SPI flash and its
 * data in the UP5K's single-port RAMs (fpga/soc/synth/soc_synth.py builds
 * it; pins in sp_soc_icebreaker.pcf).
 *
 * Code: PicoSoC's spimemio reads the flash.  sp_soc hands out the low 24
 * bits of the core's address, so ROM address 0x0010_0000 + x reaches flash
 * byte 0x10_0000 + x: the firmware is written at flash offset 1 MiB, above
 * this bitstream, as PicoSoC does (`iceprog -o 1M`).  spimemio's
 * configuration register is not on sp_soc's bus, so the flash is read in
 * its reset mode, single-bit SPI.
 *
 * Data: 128 KiB in the UP5K's four SB_SPRAM256KA, inferred by
 * `synth_ice40 -spram` from sp_soc_mem (it reads only when it does not
 * write, as an SPRAM must).  They cannot be initialised, so nothing here
 * holds code.
 *
 * The parameters default to the least logic sp_soc can be built with,
 * around the paper's 2048-entry table: rv32i (the firmware must be built
 * for it), 8-bit counts (rates up to 256), A_1, 32-bit accounting, no PC
 * filter, and CPU_FAST = 1, which on an iCE40 is the smaller core (its
 * register file goes to block RAM; the small core's asynchronous reads
 * cannot).  Even that needs about 1.8 times the UP5K's logic cells, so no
 * configuration fits today; docs/synthesis.md, the SoC section, has the
 * numbers and what would have to shrink.
 */
`resetall
`default_nettype none

module sp_soc_icebreaker #(
    parameter CLK_HZ           = 12000000,  // the board's clock, read back by software (SYS_CLK_HZ)
    parameter CPU_MULDIV       = 0,  // 1: rv32im core, 0: rv32i (the firmware must match)
    parameter CPU_FAST         = 1,  // barrel shifter and dual-port registers (block RAM on an iCE40)
    parameter BLOCK_TABLE_AW   = 11,  // log2 of the block's counter-table entries
    parameter BLOCK_COUNT_BITS = 8,  // the block's count field (rates up to 2^COUNT_BITS)
    parameter BLOCK_ASSOC_K    = 1,  // entries of A_k
    parameter BLOCK_OQ_AW      = 8,  // log2 of the output queue depth
    parameter BLOCK_TQ_AW      = 4,  // log2 of the tuple queue depth
    parameter BLOCK_ACC_BITS   = 32,  // accounting counter width
    parameter BLOCK_FILTER_N   = 0,  // entries of the block's PC filter
    parameter BLOCK_RING_AW    = 0  // log2 of the block's largest message ring
) (
    input  wire       clk_i,          // 12 MHz oscillator
    output wire       uart_tx_o,      // to the FTDI's second channel
    input  wire       uart_rx_i,
    output wire       led_red_n_o,    // the board's two LEDs, lit when low
    output wire       led_green_n_o,
    output wire [4:0] pmod_led_o,     // the snap-off PMOD's five LEDs
    output wire       flash_csb_o,
    output wire       flash_clk_o,
    inout  wire       flash_io0_io,
    inout  wire       flash_io1_io,
    inout  wire       flash_io2_io,
    inout  wire       flash_io3_io
);

    localparam RAM_WORDS_LOG2 = 15;  // 128 KiB: all four SPRAMs

    // ---- power-on reset: configuration leaves every flip-flop at 0, so the
    // system is held in reset for 63 clocks, until the count saturates.
    reg  [5:0] por_q = 6'd0;
    wire       rst = !(&por_q);

    always @(posedge clk_i) begin
        if (rst)
            por_q <= por_q + 6'd1;
    end

    // ---- the system
    wire        rom_valid, rom_ready, ram_valid, ram_ready;
    wire [23:0] rom_addr;
    wire [19:0] ram_addr;
    wire [31:0] rom_rdata, ram_rdata, ram_wdata;
    wire [3:0]  ram_wstrb;
    wire [7:0]  leds;

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
        .BLOCK_RING_AW   (BLOCK_RING_AW)
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
        .leds_o       (leds),
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

    // LED 0 and 1 are the board's own, so a bare board shows them.
    assign led_red_n_o   = !leds[0];
    assign led_green_n_o = !leds[1];
    assign pmod_led_o    = leds[6:2];
    wire unused_leds = leds[7];

    // ---- code: the SPI flash
    wire flash_io0_oe, flash_io1_oe, flash_io2_oe, flash_io3_oe;
    wire flash_io0_do, flash_io1_do, flash_io2_do, flash_io3_do;
    wire flash_io0_di, flash_io1_di, flash_io2_di, flash_io3_di;

    spimemio flash (
        .clk         (clk_i),
        .resetn      (!rst),
        .valid       (rom_valid),
        .ready       (rom_ready),
        .addr        (rom_addr),
        .rdata       (rom_rdata),
        .flash_csb   (flash_csb_o),
        .flash_clk   (flash_clk_o),
        .flash_io0_oe(flash_io0_oe),
        .flash_io1_oe(flash_io1_oe),
        .flash_io2_oe(flash_io2_oe),
        .flash_io3_oe(flash_io3_oe),
        .flash_io0_do(flash_io0_do),
        .flash_io1_do(flash_io1_do),
        .flash_io2_do(flash_io2_do),
        .flash_io3_do(flash_io3_do),
        .flash_io0_di(flash_io0_di),
        .flash_io1_di(flash_io1_di),
        .flash_io2_di(flash_io2_di),
        .flash_io3_di(flash_io3_di),
        // its configuration register has no address on sp_soc's bus
        .cfgreg_we   (4'd0),
        .cfgreg_di   (32'd0),
        /* verilator lint_off PINCONNECTEMPTY */
        .cfgreg_do   ()
        /* verilator lint_on PINCONNECTEMPTY */
    );

    // The four data pins change direction (dual and quad modes, and the
    // flash's own reset sequence), so each is a tristate pad: output with
    // enable, plain input (PIN_TYPE 1010_01), as PicoSoC's iCEBreaker top.
    SB_IO #(
        .PIN_TYPE(6'b1010_01),
        .PULLUP  (1'b0)
    ) flash_io_pad [3:0] (
        .PACKAGE_PIN  ({flash_io3_io, flash_io2_io, flash_io1_io, flash_io0_io}),
        .OUTPUT_ENABLE({flash_io3_oe, flash_io2_oe, flash_io1_oe, flash_io0_oe}),
        .D_OUT_0      ({flash_io3_do, flash_io2_do, flash_io1_do, flash_io0_do}),
        .D_IN_0       ({flash_io3_di, flash_io2_di, flash_io1_di, flash_io0_di})
    );

    // ---- data: the single-port RAMs (every address bit above 128 KiB and
    // the byte offset are ignored: the RAM repeats through its 1 MiB window)
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
    wire [4:0] unused_ram_addr = {ram_addr[19:RAM_WORDS_LOG2+2], ram_addr[1:0]};

endmodule

`resetall
