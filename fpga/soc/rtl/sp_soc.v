// SPDX-License-Identifier: Apache-2.0
/*
 * sp_soc.v - a small RISC-V system that profiles its own program:
 * PicoRV32, a UART, a timer, system registers, the selector that forms
 * tuples from the core's retired instructions, and the stratprof block on
 * the bus with its interrupt on a core IRQ line, writing its messages into
 * a ring in the data RAM, which it shares with the core (docs/soc.md).
 *
 * The two memories are outside, on PicoRV32's native interface, because
 * the boards differ there: the simulation and the ECP5 build use
 * sp_soc_mem for both, the UP5K build keeps code in SPI flash (PicoSoC's
 * spimemio) and data in its single-port RAMs.  Addresses are those of
 * fpga/soc/fw/sp_soc.h.  PicoRV32 must be read with RISCV_FORMAL defined:
 * the selector takes the retirement port that define turns on.
 */
`resetall
`default_nettype none

module sp_soc #(
    parameter CLK_HZ           = 12000000, // clock frequency, read by software (SYS_CLK_HZ)
    parameter CPU_MULDIV       = 1,        // 1: rv32im (single-cycle multiplier, divider), 0: rv32i
    parameter CPU_FAST         = 1,        // 1: barrel shifter and dual-port registers (more LUTs)
    parameter BLOCK_TABLE_AW   = 11,       // the block's log2 counter-table entries
    parameter BLOCK_COUNT_BITS = 16,       // the block's count field (rates up to 2^COUNT_BITS)
    parameter BLOCK_ASSOC_K    = 16,       // entries of A_k (1 on a UP5K)
    parameter BLOCK_OQ_AW      = 8,        // log2 of the output queue depth
    parameter BLOCK_TQ_AW      = 4,        // log2 of the tuple queue depth
    parameter BLOCK_ACC_BITS   = 64,       // accounting counter width
    parameter BLOCK_FILTER_N   = 8,        // entries of the block's PC filter
    parameter BLOCK_RING_AW    = 12,       // log2 of the block's largest message ring
    parameter OPT_ECP5         = 0         // 1: the block's RAMs as ECP5 DP16KD cells (ECP5 synthesis only)
) (
    input  wire        clk_i,
    input  wire        rst_i,
    // code memory at 0x0010_0000 (read only)
    output wire        rom_valid_o,
    input  wire        rom_ready_i,
    output wire [23:0] rom_addr_o,        // byte address within the ROM
    input  wire [31:0] rom_rdata_i,
    // data memory at 0x0000_0000
    output wire        ram_valid_o,
    input  wire        ram_ready_i,
    output wire [19:0] ram_addr_o,        // byte address within the RAM
    output wire [31:0] ram_wdata_o,
    output wire [3:0]  ram_wstrb_o,
    input  wire [31:0] ram_rdata_i,
    // serial port
    output wire        uart_tx_o,
    input  wire        uart_rx_i,
    output wire [7:0]  leds_o,
    // what a simulation harness watches (unconnected on boards)
    output wire        exit_o,            // the program wrote SYS_EXIT
    output wire [31:0] exit_code_o,
    output wire        tuple_fire_o,      // the block took a tuple this clock
    output wire [2:0]  tuple_kind_o,
    output wire [31:0] tuple_word0_o,
    output wire [31:0] tuple_word1_o,
    output wire        tuple_inject_o,    // ... written by software (SEL INJECT), not the core's
    output wire        in_handler_o,
    output wire        block_irq_o
);

    localparam [31:0] ROM_BASE = 32'h0010_0000, IRQ_VECTOR = 32'h0010_0010;

    // ---- the core
    wire        mem_valid, mem_ready;
    wire [31:0] mem_addr, mem_wdata, mem_rdata;
    wire [3:0]  mem_wstrb;
    wire        rvfi_valid, rvfi_intr;
    wire [31:0] rvfi_insn, rvfi_pc_rdata, rvfi_pc_wdata, rvfi_rd_wdata;
    wire        timer_irq, block_irq;
    wire [31:0] irq_lines = {27'd0, block_irq, timer_irq, 3'd0};

    // The core's look-ahead, co-processor, trace and most retirement outputs
    // serve other systems; they stay open here.
    /* verilator lint_off PINCONNECTEMPTY */
    picorv32 #(
        .ENABLE_COUNTERS     (1),
        .ENABLE_COUNTERS64   (0),
        .ENABLE_REGS_DUALPORT(CPU_FAST),
        .BARREL_SHIFTER      (CPU_FAST),
        .ENABLE_MUL          (0),
        .ENABLE_FAST_MUL     (CPU_MULDIV),  // the driver's hash multiplies per message
        .ENABLE_DIV          (CPU_MULDIV),
        .ENABLE_IRQ          (1),
        .ENABLE_IRQ_QREGS    (1),
        .ENABLE_IRQ_TIMER    (0),
        .COMPRESSED_ISA      (0),
        .LATCHED_IRQ         (32'hFFFF_FFE7),  // timer and block lines are levels: no re-entry once served
        .PROGADDR_RESET      (ROM_BASE),
        .PROGADDR_IRQ        (IRQ_VECTOR),
        .STACKADDR           (32'h0002_0000)
    ) cpu (
        .clk         (clk_i),
        .resetn      (!rst_i),
        .trap        (),
        .mem_valid   (mem_valid),
        .mem_instr   (),
        .mem_ready   (mem_ready),
        .mem_addr    (mem_addr),
        .mem_wdata   (mem_wdata),
        .mem_wstrb   (mem_wstrb),
        .mem_rdata   (mem_rdata),
        .mem_la_read (),
        .mem_la_write(),
        .mem_la_addr (),
        .mem_la_wdata(),
        .mem_la_wstrb(),
        .pcpi_valid  (),
        .pcpi_insn   (),
        .pcpi_rs1    (),
        .pcpi_rs2    (),
        .pcpi_wr     (1'b0),
        .pcpi_rd     (32'd0),
        .pcpi_wait   (1'b0),
        .pcpi_ready  (1'b0),
        .irq         (irq_lines),
        .eoi         (),
        .rvfi_valid  (rvfi_valid),
        .rvfi_order  (),
        .rvfi_insn   (rvfi_insn),
        .rvfi_trap   (),
        .rvfi_halt   (),
        .rvfi_intr   (rvfi_intr),
        .rvfi_mode   (),
        .rvfi_ixl    (),
        .rvfi_rs1_addr(),
        .rvfi_rs2_addr(),
        .rvfi_rs1_rdata(),
        .rvfi_rs2_rdata(),
        .rvfi_rd_addr(),
        .rvfi_rd_wdata(rvfi_rd_wdata),
        .rvfi_pc_rdata(rvfi_pc_rdata),
        .rvfi_pc_wdata(rvfi_pc_wdata),
        .rvfi_mem_addr(),
        .rvfi_mem_rmask(),
        .rvfi_mem_wmask(),
        .rvfi_mem_rdata(),
        .rvfi_mem_wdata(),
        .rvfi_csr_mcycle_rmask(),
        .rvfi_csr_mcycle_wmask(),
        .rvfi_csr_mcycle_rdata(),
        .rvfi_csr_mcycle_wdata(),
        .rvfi_csr_minstret_rmask(),
        .rvfi_csr_minstret_wmask(),
        .rvfi_csr_minstret_rdata(),
        .rvfi_csr_minstret_wdata(),
        .trace_valid (),
        .trace_data  ()
    );
    /* verilator lint_on PINCONNECTEMPTY */

    // ---- address decoding (the address is stable while valid is high)
    wire sel_ram   = mem_addr[31:20] == 12'h000;
    wire sel_rom   = mem_addr[31:20] == 12'h001;
    wire sel_uart  = mem_addr[31:24] == 8'h02;
    wire sel_timer = mem_addr[31:24] == 8'h03;
    wire sel_sel   = mem_addr[31:24] == 8'h04;
    wire sel_block = mem_addr[31:24] == 8'h05;
    wire sel_sys   = mem_addr[31:24] == 8'h06;
    wire sel_none  = !(sel_ram || sel_rom || sel_uart || sel_timer || sel_sel || sel_block || sel_sys);
    wire we        = mem_wstrb != 4'd0;

    assign rom_valid_o = mem_valid && sel_rom && !we;
    assign rom_addr_o  = mem_addr[23:0];

    // ---- the data RAM, shared with the block's message-ring master
    wire        ring_cyc, ring_stb, ring_we, ring_ack, ring_err, cpu_ram_ready;
    wire [31:0] ring_adr, ring_dat;
    wire [3:0]  ring_sel;
    wire        unused_ring_we = ring_we;  // the master only writes

    generate
        if (BLOCK_RING_AW > 0) begin : g_ram_arb
            sp_soc_ram_arb ram_arb (
                .clk_i      (clk_i),
                .rst_i      (rst_i),
                .cpu_valid_i(mem_valid && sel_ram),
                .cpu_ready_o(cpu_ram_ready),
                .cpu_addr_i (mem_addr[19:0]),
                .cpu_wdata_i(mem_wdata),
                .cpu_wstrb_i(mem_wstrb),
                .blk_cyc_i  (ring_cyc),
                .blk_stb_i  (ring_stb),
                .blk_adr_i  (ring_adr),
                .blk_dat_i  (ring_dat),
                .blk_sel_i  (ring_sel),
                .blk_ack_o  (ring_ack),
                .blk_err_o  (ring_err),
                .ram_valid_o(ram_valid_o),
                .ram_ready_i(ram_ready_i),
                .ram_addr_o (ram_addr_o),
                .ram_wdata_o(ram_wdata_o),
                .ram_wstrb_o(ram_wstrb_o)
            );
        end else begin : g_ram_core
            // a block without a ring has no master: the RAM is the core's
            assign ram_valid_o   = mem_valid && sel_ram;
            assign cpu_ram_ready = ram_ready_i;
            assign ram_addr_o    = mem_addr[19:0];
            assign ram_wdata_o   = mem_wdata;
            assign ram_wstrb_o   = mem_wstrb;
            assign ring_ack      = 1'b0;
            assign ring_err      = 1'b0;
            wire unused_ring = ^{ring_cyc, ring_stb, ring_adr, ring_dat, ring_sel};
        end
    endgenerate

    // ---- UART (PicoSoC's simpleuart): DIV at +0, DATA at +4
    wire        uart_div_sel = mem_valid && sel_uart && mem_addr[3:2] == 2'd0;
    wire        uart_dat_sel = mem_valid && sel_uart && mem_addr[3:2] == 2'd1;
    wire [31:0] uart_div_do, uart_dat_do;
    wire        uart_dat_wait;

    simpleuart uart (
        .clk         (clk_i),
        .resetn      (!rst_i),
        .ser_tx      (uart_tx_o),
        .ser_rx      (uart_rx_i),
        .reg_div_we  (uart_div_sel ? mem_wstrb : 4'd0),
        .reg_div_di  (mem_wdata),
        .reg_div_do  (uart_div_do),
        .reg_dat_we  (uart_dat_sel ? mem_wstrb[0] : 1'b0),
        .reg_dat_re  (uart_dat_sel && !we),
        .reg_dat_di  (mem_wdata),
        .reg_dat_do  (uart_dat_do),
        .reg_dat_wait(uart_dat_wait)
    );
    wire uart_ready = uart_div_sel || (uart_dat_sel && !uart_dat_wait) ||
                      (mem_valid && sel_uart && mem_addr[3:2] > 2'd1);

    // ---- timer
    wire        timer_ready;
    wire [31:0] timer_rdata;

    sp_soc_timer timer (
        .clk_i  (clk_i),
        .rst_i  (rst_i),
        .valid_i(mem_valid && sel_timer),
        .ready_o(timer_ready),
        .addr_i (mem_addr[4:0]),
        .wdata_i(mem_wdata),
        .we_i   (we),
        .rdata_o(timer_rdata),
        .irq_o  (timer_irq)
    );

    // ---- selector and the block's tuple port
    wire        sel_ready, tuple_valid, tuple_ready, in_handler, handler_entry;
    wire [31:0] sel_rdata, tuple_w0, tuple_w1;
    wire [2:0]  tuple_kind;

    sp_soc_selector selector (
        .clk_i          (clk_i),
        .rst_i          (rst_i),
        .rvfi_valid_i   (rvfi_valid),
        .rvfi_insn_i    (rvfi_insn),
        .rvfi_pc_rdata_i(rvfi_pc_rdata),
        .rvfi_pc_wdata_i(rvfi_pc_wdata),
        .rvfi_rd_wdata_i(rvfi_rd_wdata),
        .rvfi_intr_i    (rvfi_intr),
        .valid_i        (mem_valid && sel_sel),
        .ready_o        (sel_ready),
        .addr_i         (mem_addr[5:0]),
        .wdata_i        (mem_wdata),
        .we_i           (we),
        .rdata_o        (sel_rdata),
        .tuple_valid_o  (tuple_valid),
        .tuple_ready_i  (tuple_ready),
        .tuple_kind_o   (tuple_kind),
        .tuple_word0_o  (tuple_w0),
        .tuple_word1_o  (tuple_w1),
        .tuple_inject_o (tuple_inject_o),
        .in_handler_o   (in_handler),
        .handler_entry_o(handler_entry)
    );

    // ---- the stratprof block, a Wishbone B4 classic slave
    wire        block_ack;
    wire [31:0] block_rdata;

    sp_stratprof #(
        .WORD_BITS    (32),
        .TABLE_AW     (BLOCK_TABLE_AW),
        .WAYS_LOG2_MAX(0),
        .TAG_BITS_MAX (1),
        .COUNT_BITS   (BLOCK_COUNT_BITS),
        .MISS_BITS    (2),
        .OPT_TAGGED   (0),
        .OPT_CR       (0),
        .OPT_HTP      (0),
        .ASSOC_K      (BLOCK_ASSOC_K),
        .OQ_AW        (BLOCK_OQ_AW),
        .TQ_AW        (BLOCK_TQ_AW),
        .ACC_BITS     (BLOCK_ACC_BITS),
        .FILTER_N     (BLOCK_FILTER_N),
        .RING_AW      (BLOCK_RING_AW),
        .OPT_ECP5     (OPT_ECP5)
    ) block (
        .clk_i        (clk_i),
        .rst_i        (rst_i),
        .tuple_valid_i(tuple_valid),
        .tuple_ready_o(tuple_ready),
        .tuple_kind_i (tuple_kind),
        .tuple_word0_i(tuple_w0),
        .tuple_word1_i(tuple_w1),
        .wb_cyc_i     (mem_valid && sel_block),
        .wb_stb_i     (mem_valid && sel_block),
        .wb_we_i      (we),
        .wb_adr_i     (mem_addr[11:0]),
        .wb_dat_i     (mem_wdata),
        .wb_sel_i     (we ? mem_wstrb : 4'hF),
        .wb_ack_o     (block_ack),
        .wb_dat_o     (block_rdata),
        .irq_o        (block_irq),
        .ring_cyc_o   (ring_cyc),
        .ring_stb_o   (ring_stb),
        .ring_we_o    (ring_we),
        .ring_adr_o   (ring_adr),
        .ring_dat_o   (ring_dat),
        .ring_sel_o   (ring_sel),
        .ring_ack_i   (ring_ack),
        .ring_err_i   (ring_err),
        /* verilator lint_off PINCONNECTEMPTY */
        .obs_drop_o   (),  // test-bench observation ports of the block
        .obs_fsm_o    ()
        /* verilator lint_on PINCONNECTEMPTY */
    );

    // ---- system registers, and the answer to an access that hits nothing
    // (or writes the ROM): 0 a clock later, counted as a bus error
    wire        sys_ready;
    wire [31:0] sys_rdata;
    wire        no_device = mem_valid && (sel_none || (sel_rom && we));
    reg         no_device_ready_q;

    always @(posedge clk_i) begin
        if (rst_i)
            no_device_ready_q <= 1'b0;
        else
            no_device_ready_q <= no_device && !no_device_ready_q;
    end

    sp_soc_sys #(
        .CLK_HZ(CLK_HZ)
    ) sys (
        .clk_i           (clk_i),
        .rst_i           (rst_i),
        .valid_i         (mem_valid && sel_sys),
        .ready_o         (sys_ready),
        .addr_i          (mem_addr[4:0]),
        .wdata_i         (mem_wdata),
        .we_i            (we),
        .rdata_o         (sys_rdata),
        .in_handler_i    (in_handler),
        .handler_entry_i (handler_entry),
        .bus_error_i     (no_device_ready_q),
        .bus_error_addr_i(mem_addr),
        .exit_o          (exit_o),
        .exit_code_o     (exit_code_o),
        .leds_o          (leds_o)
    );

    assign mem_ready = (sel_ram && cpu_ram_ready) || (sel_rom && rom_ready_i) ||
                       (sel_uart && uart_ready) || (sel_timer && timer_ready) ||
                       (sel_sel && sel_ready) || (sel_block && block_ack) ||
                       (sel_sys && sys_ready) || no_device_ready_q;
    assign mem_rdata = sel_ram   ? ram_rdata_i :
                       sel_rom   ? rom_rdata_i :
                       sel_uart  ? (mem_addr[3:2] == 2'd0 ? uart_div_do :
                                    mem_addr[3:2] == 2'd1 ? uart_dat_do : 32'd0) :
                       sel_timer ? timer_rdata :
                       sel_sel   ? sel_rdata :
                       sel_block ? block_rdata :
                       sel_sys   ? sys_rdata : 32'd0;

    assign tuple_fire_o  = tuple_valid && tuple_ready;
    assign tuple_kind_o  = tuple_kind;
    assign tuple_word0_o = tuple_w0;
    assign tuple_word1_o = tuple_w1;
    assign in_handler_o  = in_handler;
    assign block_irq_o   = block_irq;

endmodule

`resetall
