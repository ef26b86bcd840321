// SPDX-License-Identifier: Apache-2.0
/*
 * sp_ram_sdp.v - the one RAM of stratprof: simple dual port, registered read.
 *
 * Every memory of the block (counter-table columns, S-box copies, the
 * default S-box ROM, tuple queue, output queue) is an instance of this
 * module, written as a plain array so that Yosys infers block RAM on
 * iCE40 and ECP5 and no vendor primitive appears in the sources.
 *
 * One write port and one read port on the same clock.  The read data is
 * registered: the word at raddr_i in one cycle appears on rdata_o in the
 * next.  A read of the address written in the same cycle returns x: the
 * block never uses such a read (the counter table forwards the written
 * entry instead, the FIFOs do not count an entry until it has landed, the
 * S-box is not read while it is written), and saying so lets Yosys map the
 * array to a bare SB_RAM40_4K / DP16KD.  Written as "old data", Yosys would
 * emulate read-first with a register and a bypass multiplexer per data bit.
 * The array has no reset: a RAM that must start at zero is cleared by a
 * sweep after reset.
 *
 * Under `FORMAL (the proofs in verif/formal/ only) f_mem_o shows every
 * word, so that a harness can state what the RAM holds.
 */
`resetall
`default_nettype none

module sp_ram_sdp #(
    // log2 of the number of words (at least 1)
    parameter AW = 8,
    // word width in bits
    parameter DW = 8,
    // $readmemh image loaded at configuration time, "" for none
    parameter INIT_FILE = ""
) (
    input  wire          clk_i,
    input  wire          we_i,
    input  wire [AW-1:0] waddr_i,
    input  wire [DW-1:0] wdata_i,
    input  wire [AW-1:0] raddr_i,
    output wire [DW-1:0] rdata_o
`ifdef FORMAL
    // every word, word i at bits i*DW
    , output wire [(1 << AW)*DW-1:0] f_mem_o
`endif
);

    // parameter checks: a bad value instantiates a module named after the
    // rule it breaks, which does not exist, so every tool stops there
    generate
        if (AW < 1) begin : g_bad_aw
            sp_ram_sdp_AW_must_be_at_least_1 u_error ();
        end
    endgenerate

    reg [DW-1:0] mem [0:(1 << AW) - 1];
    reg [DW-1:0] rdata_q;

    // A ROM (the default S-box) gets its contents from the image; block
    // RAMs of iCE40 and ECP5 take it as their initial value.
    generate
        if (INIT_FILE != "") begin : g_init
            initial $readmemh(INIT_FILE, mem);
        end
    endgenerate

    always @(posedge clk_i) begin
        if (we_i) mem[waddr_i] <= wdata_i;
        // collision: undefined (see above)
        if (we_i && waddr_i == raddr_i) rdata_q <= {DW{1'bx}};
        else rdata_q <= mem[raddr_i];
    end

    assign rdata_o = rdata_q;

`ifdef FORMAL
    reg [(1 << AW)*DW-1:0] f_mem;
    integer f;
    always @* begin
        for (f = 0; f < (1 << AW); f = f + 1)
            f_mem[f*DW +: DW] = mem[f];
    end
    assign f_mem_o = f_mem;
`endif

endmodule

`resetall
