/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_fw_start.S - reset and interrupt entry of the SoC firmware, and the
 * call gate the workload runs through.
 *
 * PicoRV32 starts at 0x00100000 (PROGADDR_RESET) and takes interrupts at
 * 0x00100010 (PROGADDR_IRQ), so the reset entry has four words before it
 * must jump over the interrupt entry.  On an interrupt the core saves the
 * return PC in q0 and the pending lines in q1 and masks all interrupts
 * until retirq; it saves no register, so the entry does.
 */

/* PicoRV32's custom-0 instructions (opcode 0x0B, operation in funct7). */
#define SP_GETQ_A0_Q1   .insn r 0x0B, 4, 0, a0, x1, x0 /* getq a0, q1 */
#define SP_RETIRQ       .insn r 0x0B, 0, 2, x0, x0, x0 /* retirq */
#define SP_MASKIRQ(rd, rs) .insn r 0x0B, 6, 3, rd, rs, x0

/* Lines 1 (ebreak, illegal instruction) and 2 (misaligned access): unmasked
 * from the start, so such a fault is reported instead of halting the core. */
#define SP_FATAL_UNMASKED (~((1 << 1) | (1 << 2)))

    .section .text.sp_fw_vectors, "ax"
    /* the vector at 0x10 is an .org: nothing before it may shrink */
    .option push
    .option norelax
    .globl _start
_start:
    j       sp_fw_reset
    nop
    nop
    nop

/* 0x00100010: the interrupt entry.  The interrupted code's stack has no red
 * zone (RISC-V psABI), so the caller-saved registers go right below its sp;
 * the callee-saved ones the C handler keeps itself. */
    .org    0x10
sp_fw_irq_entry:
    addi    sp, sp, -64
    sw      ra, 0(sp)
    sw      t0, 4(sp)
    sw      t1, 8(sp)
    sw      t2, 12(sp)
    sw      a0, 16(sp)
    sw      a1, 20(sp)
    sw      a2, 24(sp)
    sw      a3, 28(sp)
    sw      a4, 32(sp)
    sw      a5, 36(sp)
    sw      a6, 40(sp)
    sw      a7, 44(sp)
    sw      t3, 48(sp)
    sw      t4, 52(sp)
    sw      t5, 56(sp)
    sw      t6, 60(sp)
    SP_GETQ_A0_Q1
    call    sp_fw_irq
    lw      ra, 0(sp)
    lw      t0, 4(sp)
    lw      t1, 8(sp)
    lw      t2, 12(sp)
    lw      a0, 16(sp)
    lw      a1, 20(sp)
    lw      a2, 24(sp)
    lw      a3, 28(sp)
    lw      a4, 32(sp)
    lw      a5, 36(sp)
    lw      a6, 40(sp)
    lw      a7, 44(sp)
    lw      t3, 48(sp)
    lw      t4, 52(sp)
    lw      t5, 56(sp)
    lw      t6, 60(sp)
    addi    sp, sp, 64
    SP_RETIRQ

sp_fw_reset:
    la      sp, __stack
    /* gp-relative accesses are only right once gp is; no relaxation here */
    .option push
    .option norelax
    la      gp, __global_pointer$
    .option pop
    /* picolibc keeps errno in thread-local storage: tp points at its block */
    la      tp, __tls_base

    /* .data and .tdata: their initial values follow the code in ROM */
    la      a0, __data_source
    la      a1, __data_start
    la      a2, __data_end
1:  bgeu    a1, a2, 2f
    lw      a3, 0(a0)
    sw      a3, 0(a1)
    addi    a0, a0, 4
    addi    a1, a1, 4
    j       1b
2:
    /* .tbss and .bss */
    la      a1, __bss_start
    la      a2, __bss_end
3:  bgeu    a1, a2, 4f
    sw      zero, 0(a1)
    addi    a1, a1, 4
    j       3b
4:
    li      a0, SP_FATAL_UNMASKED
    SP_MASKIRQ(zero, a0)
    li      a0, 0
    li      a1, 0
    call    main
    /* main ends with exit(); should it return, its value is the status */
    call    exit
5:  j       5b
    .option pop

/* uint32_t sp_fw_call_clean(uint32_t (*fn)(uint32_t), uint32_t arg) */
    .section .text.sp_fw_call_clean, "ax"
    .globl sp_fw_call_clean
    .type sp_fw_call_clean, @function
sp_fw_call_clean:
    addi    sp, sp, -64
    sw      ra, 60(sp)
    sw      s0, 0(sp)
    sw      s1, 4(sp)
    sw      s2, 8(sp)
    sw      s3, 12(sp)
    sw      s4, 16(sp)
    sw      s5, 20(sp)
    sw      s6, 24(sp)
    sw      s7, 28(sp)
    sw      s8, 32(sp)
    sw      s9, 36(sp)
    sw      s10, 40(sp)
    sw      s11, 44(sp)
    mv      t0, a0
    mv      a0, a1
    li      s0, 0
    li      s1, 0
    li      s2, 0
    li      s3, 0
    li      s4, 0
    li      s5, 0
    li      s6, 0
    li      s7, 0
    li      s8, 0
    li      s9, 0
    li      s10, 0
    li      s11, 0
    jalr    ra, t0
    lw      s0, 0(sp)
    lw      s1, 4(sp)
    lw      s2, 8(sp)
    lw      s3, 12(sp)
    lw      s4, 16(sp)
    lw      s5, 20(sp)
    lw      s6, 24(sp)
    lw      s7, 28(sp)
    lw      s8, 32(sp)
    lw      s9, 36(sp)
    lw      s10, 40(sp)
    lw      s11, 44(sp)
    lw      ra, 60(sp)
    addi    sp, sp, 64
    ret
    .size sp_fw_call_clean, . - sp_fw_call_clean
