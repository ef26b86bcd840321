// SPDX-License-Identifier: Apache-2.0
/*
 * sp_soc_ram_arb.v - the SoC's data RAM shared by two masters: the core's
 * native memory interface and the stratprof block's message-ring master
 * (Wishbone B4 classic, writes only; docs/spec.md 8.8, docs/soc.md).
 *
 * The block holds CYC over the three writes of a ring entry, and gets the
 * RAM for all of them: an entry lands whole while the core waits, which
 * costs the core a few clocks per message.  The RAM changes hands only
 * between accesses (no request waiting for its ready), so neither master
 * ever sees the other's answer.  A ring write outside the RAM's window gets
 * ERR at once: the block turns its ring off and keeps the message (spec
 * 8.8, bus errors).
 */
`resetall
`default_nettype none

module sp_soc_ram_arb (
    input  wire        clk_i,
    input  wire        rst_i,
    // the core (PicoRV32's native interface, RAM accesses only)
    input  wire        cpu_valid_i,
    output wire        cpu_ready_o,
    input  wire [19:0] cpu_addr_i,     // byte address within the RAM
    input  wire [31:0] cpu_wdata_i,
    input  wire [3:0]  cpu_wstrb_i,
    // the block's ring master
    input  wire        blk_cyc_i,
    input  wire        blk_stb_i,
    input  wire [31:0] blk_adr_i,      // bus address
    input  wire [31:0] blk_dat_i,
    input  wire [3:0]  blk_sel_i,
    output wire        blk_ack_o,
    output wire        blk_err_o,
    // the RAM (sp_soc_mem's interface: valid held until ready)
    output wire        ram_valid_o,
    input  wire        ram_ready_i,
    output wire [19:0] ram_addr_o,
    output wire [31:0] ram_wdata_o,
    output wire [3:0]  ram_wstrb_o
);

    // the RAM's window on the bus, as the core's decode has it (sp_soc.v)
    wire blk_req = blk_cyc_i && blk_stb_i && blk_adr_i[31:20] == 12'h000;

    // The RAM is the block's from the first write of an entry while its CYC
    // stays up; the core's request, once presented and not yet answered,
    // keeps the RAM until its ready.  Otherwise the block goes first (an
    // entry is three writes of two clocks; the core waits that long).
    reg  blk_owns_q;      // the block had the RAM in the clock before
    reg  cpu_pending_q;   // the core's request is at the RAM, waiting for its ready
    wire blk_owns = (blk_owns_q && blk_cyc_i) || (blk_req && !cpu_pending_q);
    always @(posedge clk_i) begin
        blk_owns_q    <= blk_owns;
        cpu_pending_q <= !blk_owns && cpu_valid_i && !ram_ready_i;
        if (rst_i) begin
            blk_owns_q    <= 1'b0;
            cpu_pending_q <= 1'b0;
        end
    end

    assign ram_valid_o = blk_owns ? blk_req : cpu_valid_i;
    assign ram_addr_o  = blk_owns ? blk_adr_i[19:0] : cpu_addr_i;
    assign ram_wdata_o = blk_owns ? blk_dat_i : cpu_wdata_i;
    assign ram_wstrb_o = blk_owns ? blk_sel_i : cpu_wstrb_i;
    assign cpu_ready_o = !blk_owns && ram_ready_i;
    assign blk_ack_o   = blk_owns && ram_ready_i;
    assign blk_err_o   = blk_cyc_i && blk_stb_i && !blk_req;

`ifdef SP_ASSERT
    // the RAM answers the master that asked: never both
    always @(posedge clk_i)
        if (!rst_i) assert (!(cpu_ready_o && blk_ack_o));
`endif

endmodule

`resetall
