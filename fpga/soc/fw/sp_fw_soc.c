/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_fw_soc.c - the firmware's platform layer on the stratprof SoC:
 * picolibc's stdout on the UART and _exit on SYS_EXIT, the timer and its
 * periodic tick, PicoRV32's interrupt mask, and the C side of the
 * interrupt entry (sp_fw_irq), which sends each pending line to its
 * handler and treats the core's own faults as fatal.
 */
#include <stdio.h>
#include <stdlib.h>

#include "sp_fw.h"

#define SP_FW_BAUD 115200u

/* Lines 1 and 2 stay unmasked throughout (see sp_fw_start.S). */
#define SP_FW_FATAL_LINES ((1u << SP_SOC_IRQ_EBREAK) | (1u << SP_SOC_IRQ_BUSERR))

/* The platform's state: the lines unmasked, the block's handler, the tick. */
static uint32_t sp_fw_unmasked = SP_FW_FATAL_LINES;
static void (*sp_fw_block_fn)(void *);
static void *sp_fw_block_arg;
static volatile uint32_t sp_fw_tick_count;
static uint64_t sp_fw_tick_period, sp_fw_tick_next;

/* ---- console */

static int sp_fw_uart_put(char c, FILE *f)
{
    (void)f;
    SP_FW_UART(SP_SOC_UART_DATA) = (uint8_t)c; /* the UART holds the bus while it is busy */
    return (unsigned char)c;
}

static FILE sp_fw_uart_file = FDEV_SETUP_STREAM(sp_fw_uart_put, NULL, NULL, _FDEV_SETUP_WRITE);
FILE *const stdout = &sp_fw_uart_file;
FILE *const stderr = &sp_fw_uart_file;

uint32_t sp_fw_clk_hz(void)
{
    return SP_FW_SYS(SP_SOC_SYS_CLK_HZ);
}

/* simpleuart shifts a bit when its counter, cleared on the previous shift,
 * has passed DIV: a bit lasts DIV + 2 clocks.  So DIV is the clocks a bit
 * less two, rounded: 14 for 16 clocks a bit at 1.8432 MHz (DIV = 16 would
 * send at 102400 baud, 11% slow, and a receiver timing 115200 misreads
 * every byte), 102 at 12 MHz. */
void sp_fw_console_init(void)
{
    uint32_t clk = sp_fw_clk_hz(), per_bit = (clk + SP_FW_BAUD / 2u) / SP_FW_BAUD;
    SP_FW_UART(SP_SOC_UART_DIV) = per_bit > 3u ? per_bit - 2u : 1u;
}

/* picolibc's exit() ends here: the simulation stops on the SYS_EXIT write;
 * on a board the core waits for a reset. */
void _exit(int status)
{
    SP_FW_SYS(SP_SOC_SYS_EXIT) = (uint32_t)status;
    for (;;)
        ;
}

char *sp_fw_u64(char *buf, uint64_t v)
{
    char tmp[20];
    unsigned n = 0;
    do {
        tmp[n++] = (char)('0' + (unsigned)(v % 10u));
        v /= 10u;
    } while (v);
    for (unsigned i = 0; i < n; i++)
        buf[i] = tmp[n - 1 - i];
    buf[n] = 0;
    return buf;
}

/* ---- interrupts */

void sp_fw_irq_line(unsigned line, int on)
{
    uint32_t bit = 1u << line;
    sp_fw_unmasked = on ? sp_fw_unmasked | bit : sp_fw_unmasked & ~bit;
    sp_fw_maskirq(~sp_fw_unmasked);
}

void sp_fw_on_block_irq(void (*fn)(void *arg), void *arg)
{
    sp_fw_block_fn = fn;
    sp_fw_block_arg = arg;
}

/* LO latches HI: both halves of one instant.  Callers mask interrupts. */
static uint64_t sp_fw_time_raw(void)
{
    uint32_t lo = SP_FW_TIMER(SP_SOC_TIMER_LO);
    return (uint64_t)SP_FW_TIMER(SP_SOC_TIMER_HI) << 32 | lo;
}

uint64_t sp_fw_time(void)
{
    sp_fw_maskirq(~0u);
    uint64_t t = sp_fw_time_raw();
    sp_fw_maskirq(~sp_fw_unmasked);
    return t;
}

uint64_t sp_fw_irq_cycles(void)
{
    sp_fw_maskirq(~0u);
    uint32_t lo = SP_FW_SYS(SP_SOC_SYS_IRQ_CYCLES_LO);
    uint64_t v = (uint64_t)SP_FW_SYS(SP_SOC_SYS_IRQ_CYCLES_HI) << 32 | lo;
    sp_fw_maskirq(~sp_fw_unmasked);
    return v;
}

uint32_t sp_fw_irq_entries(void)
{
    return SP_FW_SYS(SP_SOC_SYS_IRQ_ENTRIES);
}

/* CMP_HI first: moving CMP forward never passes through a value below the
 * new one for longer than one write, and the handler checks the time anyway. */
static void sp_fw_timer_cmp(uint64_t cmp)
{
    SP_FW_TIMER(SP_SOC_TIMER_CMP_HI) = (uint32_t)(cmp >> 32);
    SP_FW_TIMER(SP_SOC_TIMER_CMP_LO) = (uint32_t)cmp;
}

void sp_fw_tick_start(uint32_t hz)
{
    sp_fw_tick_period = sp_fw_clk_hz() / (hz ? hz : 1u);
    if (sp_fw_tick_period == 0)
        sp_fw_tick_period = 1;
    sp_fw_tick_count = 0;
    sp_fw_tick_next = sp_fw_time() + sp_fw_tick_period;
    sp_fw_timer_cmp(sp_fw_tick_next);
    SP_FW_TIMER(SP_SOC_TIMER_CTRL) = SP_SOC_TIMER_IRQ_EN;
    sp_fw_irq_line(SP_SOC_IRQ_TIMER, 1);
}

void sp_fw_tick_stop(void)
{
    sp_fw_irq_line(SP_SOC_IRQ_TIMER, 0);
    SP_FW_TIMER(SP_SOC_TIMER_CTRL) = 0;
}

uint32_t sp_fw_ticks(void)
{
    return sp_fw_tick_count;
}

/* One tick per period that has passed.  The core may latch the line while
 * CMP is being moved, so an entry that finds the time not yet due is a
 * leftover and counts nothing; a handler that fell behind re-enters at once
 * (the line stays up) until it has caught up.  The handler runs a hundred
 * times a second, so it reads one word of the time, not both: the distance
 * to the deadline is far below 2^31 clocks, and the low words' difference
 * gives it.  CMP's high word is written only when it changes, before the
 * low one (so CMP never passes through a value below the new one). */
static void sp_fw_tick(void)
{
    uint32_t next_lo = (uint32_t)sp_fw_tick_next;
    if ((int32_t)(SP_FW_TIMER(SP_SOC_TIMER_LO) - next_lo) < 0)
        return;
    sp_fw_tick_count++;
    uint64_t next = sp_fw_tick_next + sp_fw_tick_period;
    sp_fw_tick_next = next;
    if ((uint32_t)(next >> 32) != (uint32_t)((next - sp_fw_tick_period) >> 32))
        SP_FW_TIMER(SP_SOC_TIMER_CMP_HI) = (uint32_t)(next >> 32);
    SP_FW_TIMER(SP_SOC_TIMER_CMP_LO) = (uint32_t)next;
}

/* The core's own lines mean the firmware is broken: say where, and stop
 * with the closing line the harness waits for. */
static void sp_fw_fatal(uint32_t pending)
{
    printf("fatal: irq pending=0x%08lx pc=0x%08lx (%s) bus_errors=%lu first=0x%08lx\n", (unsigned long)pending,
           (unsigned long)sp_fw_getq0(),
           pending & (1u << SP_SOC_IRQ_EBREAK) ? "ebreak or illegal instruction" : "misaligned access",
           (unsigned long)SP_FW_SYS(SP_SOC_SYS_BUS_ERRORS), (unsigned long)SP_FW_SYS(SP_SOC_SYS_BUS_ERR_ADDR));
    printf("fw: done status=1\n");
    exit(1);
}

void sp_fw_irq(uint32_t pending)
{
    if (pending & SP_FW_FATAL_LINES)
        sp_fw_fatal(pending);
    if (pending & (1u << SP_SOC_IRQ_TIMER))
        sp_fw_tick();
    if ((pending & (1u << SP_SOC_IRQ_BLOCK)) && sp_fw_block_fn)
        sp_fw_block_fn(sp_fw_block_arg);
}
