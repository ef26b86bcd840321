// SPDX-License-Identifier: Apache-2.0
/*
 * sp_fifo.v - first-word-fall-through FIFO in block RAM.
 *
 * Used twice: the tuple queue in front of the pipeline and the output
 * queue behind it.  The head is the registered read port of the RAM
 * itself, so the FIFO costs no register stage beyond the RAM: the read
 * address is the head pointer, advanced in the cycle of a pop, so the next
 * entry is on the read port one clock later and a pop per clock is
 * sustained.  An entry pushed into an empty FIFO reaches the head two
 * clocks after its push (one to land in the RAM, one to be read).
 *
 * count_o counts every entry held, the head included; settling_o is high
 * while the FIFO holds entries but the head is not yet valid (STATUS.BUSY
 * includes it, so software that sees BUSY = 0 can pop what OQ_FILL says).
 *
 * Under `FORMAL (verif/formal/ only) the read pointer and the RAM's words
 * are ports too: the FIFO proof's strengthening assertions name them.
 */
`resetall
`default_nettype none

module sp_fifo #(
    // log2 of the depth, at least 1
    parameter AW = 4,
    // entry width in bits
    parameter DW = 8
) (
    input  wire          clk_i,
    input  wire          rst_i,
    // write side: push_i only while !full_o
    input  wire          push_i,
    input  wire [DW-1:0] data_i,
    // read side: pop_i only while head_valid_o
    input  wire          pop_i,
    output wire          head_valid_o,
    output wire [DW-1:0] head_o,
    // fill level
    output wire [AW:0]   count_o,
    output wire          full_o,
    output wire          settling_o
`ifdef FORMAL
    , output wire [AW-1:0]           f_rd_ptr_o
    , output wire [(1 << AW)*DW-1:0] f_mem_o
`endif
);

    // parameter checks: a bad value instantiates a module named after the
    // rule it breaks, which does not exist, so every tool stops there
    generate
        if (AW < 1) begin : g_bad_aw
            sp_fifo_AW_must_be_at_least_1 u_error ();
        end
    endgenerate

    localparam [AW:0]   DEPTH = {1'b1, {AW{1'b0}}};
    localparam [AW:0]   ONE   = 1;
    localparam [AW:0]   TWO   = 2;
    localparam [AW-1:0] STEP  = 1;

    reg  [AW-1:0] wr_ptr_q, rd_ptr_q;
    reg  [AW:0]   count_q;
    reg           head_valid_q;
    reg           full_q;      // count_q == DEPTH, registered with it
    wire [AW-1:0] rd_addr = pop_i ? rd_ptr_q + STEP : rd_ptr_q;

    // The read port shows the entry at rd_addr one clock later.  Every entry
    // counted in count_q was written at an earlier edge, so the read sees it;
    // an entry written in this cycle is not counted yet and not relied on.
    wire head_valid_d = pop_i ? (count_q >= TWO) : (count_q >= ONE);

    always @(posedge clk_i) begin
        if (push_i) wr_ptr_q <= wr_ptr_q + STEP;
        if (pop_i) rd_ptr_q <= rd_addr;
        count_q      <= count_q + (push_i ? ONE : {(AW + 1){1'b0}}) - (pop_i ? ONE : {(AW + 1){1'b0}});
        head_valid_q <= head_valid_d;
        // full next: one push from DEPTH - 1, or no pop at DEPTH (no push
        // arrives while full); decided from the old count, beside the adder
        full_q       <= (count_q == DEPTH - ONE && push_i && !pop_i) ||
                        (count_q == DEPTH && !pop_i);
        if (rst_i) begin
            wr_ptr_q     <= {AW{1'b0}};
            rd_ptr_q     <= {AW{1'b0}};
            count_q      <= {(AW + 1){1'b0}};
            head_valid_q <= 1'b0;
            full_q       <= 1'b0;
        end
    end

    sp_ram_sdp #(
        .AW(AW),
        .DW(DW)
    ) u_ram (
        .clk_i  (clk_i),
        .we_i   (push_i),
        .waddr_i(wr_ptr_q),
        .wdata_i(data_i),
        .raddr_i(rd_addr),
        .rdata_o(head_o)
`ifdef FORMAL
        , .f_mem_o(f_mem_o)
`endif
    );

    assign head_valid_o = head_valid_q;
    assign count_o      = count_q;
    assign full_o       = full_q;
    assign settling_o   = (count_q != {(AW + 1){1'b0}}) && !head_valid_q;

`ifdef FORMAL
    assign f_rd_ptr_o = rd_ptr_q;
`endif

`ifdef SP_ASSERT
    always @(posedge clk_i) begin
        if (!rst_i) begin
            assert (!(push_i && full_o));
            assert (!(pop_i && !head_valid_q));
            assert (full_q == (count_q == DEPTH));
            // the count is the distance between the pointers, and a valid
            // head is a counted entry
            assert (count_q <= DEPTH);
            assert (wr_ptr_q - rd_ptr_q == count_q[AW-1:0]);
            assert (!(head_valid_q && count_q == {(AW + 1){1'b0}}));
        end
    end
`endif

endmodule

`resetall
