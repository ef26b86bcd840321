/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_fw.h - what the parts of the SoC firmware share: PicoRV32's interrupt
 * instructions, the console, the timer and its periodic tick, the interrupt
 * dispatch, the selector's registers and the two modes' entry points.
 * The platform side lives in sp_fw_soc.c, the start-up in sp_fw_start.S.
 */
#ifndef SP_FW_H
#define SP_FW_H

#include <stdint.h>

#include "sp_soc.h"

/* ---- PicoRV32's custom-0 interrupt instructions (its README, picorv32.v's
 * decoder: opcode 0x0B, the operation in funct7).  The core starts with
 * every line masked; a masked line stays pending until unmasked. */
static inline uint32_t sp_fw_maskirq(uint32_t mask)
{
    uint32_t old;
    __asm__ volatile(".insn r 0x0B, 6, 3, %0, %1, x0" : "=r"(old) : "r"(mask) : "memory");
    return old;
}

/* q0: the interrupted PC while in the handler (nothing changes it until retirq). */
static inline uint32_t sp_fw_getq0(void)
{
    uint32_t v;
    __asm__ volatile(".insn r 0x0B, 4, 0, %0, x0, x0" : "=r"(v));
    return v;
}

/* ---- registers of the SoC's devices */
#define SP_FW_UART(off)  SP_SOC_REG(SP_SOC_UART_BASE, off)
#define SP_FW_TIMER(off) SP_SOC_REG(SP_SOC_TIMER_BASE, off)
#define SP_FW_SEL(off)   SP_SOC_REG(SP_SOC_SEL_BASE, off)
#define SP_FW_SYS(off)   SP_SOC_REG(SP_SOC_SYS_BASE, off)

/* ---- platform (sp_fw_soc.c) */

/* UART at 115200 baud from SYS_CLK_HZ; stdout goes there from then on. */
void sp_fw_console_init(void);
uint32_t sp_fw_clk_hz(void);
/* The timer's 64-bit count, read as one instant (LO latches HI, so the read
 * runs with interrupts masked: the tick handler reads it too). */
uint64_t sp_fw_time(void);
/* SYS_IRQ_CYCLES and SYS_IRQ_ENTRIES: the clocks spent in and the entries
 * into the interrupt handler, counted by the hardware. */
uint64_t sp_fw_irq_cycles(void);
uint32_t sp_fw_irq_entries(void);

/* Unmasks (ON) or masks one interrupt line at the core.  Main context only. */
void sp_fw_irq_line(unsigned line, int on);
/* What line SP_SOC_IRQ_BLOCK runs (NULL: nothing; the line must then stay masked). */
void sp_fw_on_block_irq(void (*fn)(void *arg), void *arg);

/* A periodic tick of HZ per second on the timer's compare interrupt; the
 * handler counts and re-arms it. */
void sp_fw_tick_start(uint32_t hz);
void sp_fw_tick_stop(void);
uint32_t sp_fw_ticks(void);

/* Called by the IRQ entry (sp_fw_start.S) with the pending mask (q1). */
void sp_fw_irq(uint32_t pending);

/* V in decimal into BUF (at least 21 bytes); returns BUF.  Debian's
 * picolibc prints no long long (_WANT_IO_LONG_LONG is off). */
char *sp_fw_u64(char *buf, uint64_t v);

/* ---- start-up (sp_fw_start.S) */

/* FN(ARG) with every callee-saved register zeroed first: the workload's
 * prologues save and its epilogues reload the caller's s-registers, and
 * zeros keep those loads from adding the firmware's own loop variables to
 * the value profile. */
uint32_t sp_fw_call_clean(uint32_t (*fn)(uint32_t), uint32_t arg);

/* The PC range the selector profiles (sp_fw.ld). */
extern const char __workload_start[], __workload_end[];

/* ---- the modes: each returns the status `fw: done` reports */
int sp_fw_profile(void);
int sp_fw_selfcheck(void);

#endif
