/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_soc.h - the memory map of the stratprof SoC (fpga/soc/rtl/sp_soc.v):
 * the addresses and bits the firmware reaches its peripherals through.
 * docs/soc.md describes each register; the RTL decodes the same numbers.
 */
#ifndef SP_SOC_H
#define SP_SOC_H

#include <stdint.h>

#define SP_SOC_REG(base, off) (*(volatile uint32_t *)((base) + (off)))

/* ---- memories */
#define SP_SOC_RAM_BASE   0x00000000u /* data, bss, heap, stack */
#define SP_SOC_ROM_BASE   0x00100000u /* code and read-only data (reset vector) */
#define SP_SOC_IRQ_VECTOR 0x00100010u /* PicoRV32 PROGADDR_IRQ */

/* ---- UART (PicoSoC simpleuart): 8N1 */
#define SP_SOC_UART_BASE  0x02000000u
#define SP_SOC_UART_DIV   0x0u /* clocks per bit, less 2: simpleuart spends DIV + 2 clocks a bit */
#define SP_SOC_UART_DATA  0x4u /* write: send a byte (waits while busy); read: a byte or 0xFFFFFFFF */

/* ---- timer: a 64-bit count of clocks since reset and a compare interrupt */
#define SP_SOC_TIMER_BASE 0x03000000u
#define SP_SOC_TIMER_LO   0x00u /* reading LO latches HI, so LO then HI is one instant */
#define SP_SOC_TIMER_HI   0x04u
#define SP_SOC_TIMER_CMP_LO 0x08u
#define SP_SOC_TIMER_CMP_HI 0x0Cu
#define SP_SOC_TIMER_CTRL 0x10u
#define SP_SOC_TIMER_IRQ_EN (1u << 0) /* line up while enabled and TIME >= CMP */

/* ---- selector: forms tuples from the core's retired instructions */
#define SP_SOC_SEL_BASE   0x04000000u
#define SP_SOC_SEL_CTRL   0x00u
#define SP_SOC_SEL_LOAD     (1u << 0) /* <load PC, loaded value>, kind 0 */
#define SP_SOC_SEL_BRANCH   (1u << 1) /* <branch PC, next PC>, kind 1 */
#define SP_SOC_SEL_JUMP     (1u << 2) /* <jump PC, target> of jal/jalr that are not calls, kind 1 */
#define SP_SOC_SEL_CALL     (1u << 3) /* <call PC, callee> of jal/jalr linking ra or t0, kind 2 */
#define SP_SOC_SEL_INJECT   (1u << 8) /* the block's port takes INJ_* writes, not the core's tuples */
#define SP_SOC_SEL_PC_LO  0x04u /* tuples from PC_LO <= pc < PC_HI only */
#define SP_SOC_SEL_PC_HI  0x08u
#define SP_SOC_SEL_STATUS 0x0Cu
#define SP_SOC_SEL_READY    (1u << 0) /* the port register is empty: an INJ_PUSH now is taken */
#define SP_SOC_SEL_PENDING  (1u << 1) /* a tuple waits in the port register */
#define SP_SOC_SEL_INJ_W0 0x10u
#define SP_SOC_SEL_INJ_W1 0x14u
#define SP_SOC_SEL_INJ_PUSH 0x18u /* write the kind (bits 2:0): offers {kind, INJ_W0, INJ_W1} */
#define SP_SOC_SEL_CLEAR  0x1Cu /* write: zero the counters below */
/* Counters (32 bits, wrap): SEEN = SENT + RANGE + DISABLED + LOST. */
#define SP_SOC_SEL_SEEN     0x20u /* retired loads, branches, jumps and calls */
#define SP_SOC_SEL_SENT     0x24u /* handed to the block */
#define SP_SOC_SEL_RANGE    0x28u /* outside [PC_LO, PC_HI) */
#define SP_SOC_SEL_DISABLED 0x2Cu /* of a kind whose enable is clear, or while INJECT */
#define SP_SOC_SEL_LOST     0x30u /* the block's port was not ready */
#define SP_SOC_SEL_INJ_SENT 0x34u /* INJ_PUSH writes the port took */
#define SP_SOC_SEL_INJ_LOST 0x38u /* INJ_PUSH writes not taken: the port was busy or INJECT clear */

/* ---- the stratprof block: registers of cmodel/include/sp_regs.h */
#define SP_SOC_BLOCK_BASE 0x05000000u

/* ---- system control */
#define SP_SOC_SYS_BASE   0x06000000u
#define SP_SOC_SYS_EXIT   0x00u /* write: the program ended with this code (the simulation stops) */
#define SP_SOC_SYS_LEDS   0x04u
#define SP_SOC_SYS_CLK_HZ 0x08u /* read: the SoC clock in Hz */
#define SP_SOC_SYS_IRQ_CYCLES_LO 0x0Cu /* clocks the core spent in its interrupt handler */
#define SP_SOC_SYS_IRQ_CYCLES_HI 0x10u /* (reading LO latches HI) */
#define SP_SOC_SYS_IRQ_ENTRIES   0x14u /* handler entries */
#define SP_SOC_SYS_BUS_ERRORS    0x18u /* accesses to no device (answered with 0) */
#define SP_SOC_SYS_BUS_ERR_ADDR  0x1Cu /* the first such address */

/* ---- PicoRV32 interrupt lines (bits of the pending mask the handler gets) */
#define SP_SOC_IRQ_EBREAK 1u /* ebreak, ecall or illegal instruction (the core's own) */
#define SP_SOC_IRQ_BUSERR 2u /* misaligned access (the core's own) */
#define SP_SOC_IRQ_TIMER  3u
#define SP_SOC_IRQ_BLOCK  4u

#endif
