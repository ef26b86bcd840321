// SPDX-License-Identifier: Apache-2.0
/*
 * sp_soc_mem.v - the SoC's on-chip memory: a word-wide RAM with byte
 * writes on PicoRV32's native memory interface, answering every access one
 * clock after it starts (READ_WAIT 1, what block RAM can do), or in the
 * clock it starts (READ_WAIT 0: a combinational read no block RAM has, for
 * the simulation to measure what the memory's wait costs the core).
 *
 * A plain array with a registered read, so Yosys infers block RAM on ECP5
 * and, with `synth_ice40 -spram`, the UP5K's single-port RAMs (which cannot
 * be initialised: the UP5K build leaves INIT_FILE empty for RAM and keeps
 * code in flash).  The ROM of the simulation and of the ECP5 build is this
 * same module with INIT_FILE set and writes unused.
 */
`resetall
`default_nettype none

module sp_soc_mem #(
    parameter WORDS_LOG2 = 15,  // log2 of the size in 32-bit words
    parameter INIT_FILE  = "",  // $readmemh image loaded at start ("" = none)
    parameter READ_WAIT  = 1    // clocks from a request to its answer: 1, or 0 (simulation only)
) (
    input  wire                  clk_i,
    input  wire                  rst_i,
    input  wire                  valid_i,
    output wire                  ready_o,
    input  wire [WORDS_LOG2-1:0] addr_i,   // word address
    input  wire [31:0]           wdata_i,
    input  wire [3:0]            wstrb_i,
    output wire [31:0]           rdata_o
);

    reg [31:0] mem [0:(1 << WORDS_LOG2) - 1];

    initial begin
        if (INIT_FILE != "")
            $readmemh(INIT_FILE, mem);
    end

    wire write;  // the clock a request's bytes are written
    always @(posedge clk_i) begin
        if (write) begin
            if (wstrb_i[0]) mem[addr_i][7:0]   <= wdata_i[7:0];
            if (wstrb_i[1]) mem[addr_i][15:8]  <= wdata_i[15:8];
            if (wstrb_i[2]) mem[addr_i][23:16] <= wdata_i[23:16];
            if (wstrb_i[3]) mem[addr_i][31:24] <= wdata_i[31:24];
        end
    end

    generate
        if (READ_WAIT == 0) begin : g_no_wait
            assign write   = valid_i;
            assign ready_o = valid_i;
            assign rdata_o = mem[addr_i];
            wire unused_rst = rst_i;
        end else begin : g_one_wait
            // One access per request: ready is high for one clock, and the
            // core drops valid in the clock after it sees ready; the write
            // and the read happen in the request's first clock.
            reg        ready_q;
            reg [31:0] rdata_q;
            always @(posedge clk_i) begin
                if (rst_i)
                    ready_q <= 1'b0;
                else
                    ready_q <= valid_i && !ready_q;
            end
            // A store's read data is ignored by the core; reading only when
            // nothing is written is what lets an SPRAM (no read during a
            // write) hold the array.
            always @(posedge clk_i)
                if (valid_i && !ready_q && wstrb_i == 4'd0)
                    rdata_q <= mem[addr_i];
            assign write   = valid_i && !ready_q;
            assign ready_o = ready_q;
            assign rdata_o = rdata_q;
        end
    endgenerate

endmodule

`resetall
