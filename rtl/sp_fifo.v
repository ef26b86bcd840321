// SPDX-License-Identifier: Apache-2.0
/*
 * sp_fifo.v - first-word-fall-through FIFO in block RAM.
 *
 * Used twice: the tuple queue in front of the pipeline and the output
 * queue behind it.  The head is the registered read port of the RAM itself
 * (OUT_REG = 0), or the RAM's output register behind it (OUT_REG = 1, the
 * ECP5's block RAM with its output register, sp_ram_sdp): the read
 * pipeline's one or two registers each hold an entry or nothing, and move
 * with clock enables, so the FIFO costs no register stage beyond the RAM.
 * The read address is a register (the next entry not yet read), and a pop
 * only enables the registers to move up: nothing runs from the pop through
 * an adder into the RAM's address, and one pop per clock is sustained.  An
 * entry pushed into an empty FIFO reaches the head two clocks after its
 * push (one to land in the RAM, one to be read), three with OUT_REG.
 *
 * With IN_REG = 1 the write side is registered too: a push is held a clock
 * in a register (in_valid_o, in_data_o) and written to the RAM from there,
 * as wdata_i, which the user forms from in_data_o (the tuple queue adds the
 * PC filter's verdict, worked out on that register, so that no comparison
 * stands between the input port and the RAM's write port).  The entry is
 * counted from its push, so full_o and count_o are as without the register,
 * and it reaches the head a clock later.
 *
 * count_o counts every entry held, the head and the read pipeline
 * included (and the input register); settling_o is high while the FIFO holds entries but the head is
 * not yet valid (STATUS.BUSY includes it, so software that sees BUSY = 0
 * can pop what OQ_FILL says).
 *
 * Under `FORMAL (verif/formal/ only) the read pointer, the RAM's words and
 * the read pipeline are ports too: the FIFO proof's strengthening
 * assertions name them.
 */
`resetall
`default_nettype none

module sp_fifo #(
    // log2 of the depth, at least 1
    parameter AW = 4,
    // entry width in bits
    parameter DW = 8,
    // 1: the RAM's output register holds the head (read latency 2)
    parameter OUT_REG = 0,
    // 1: ECP5 DP16KD cells for the RAM (ECP5 synthesis only; needs OUT_REG)
    parameter OPT_DP16KD = 0,
    // 1: a push waits a clock in an input register, written from there as wdata_i
    parameter IN_REG = 0
) (
    input  wire          clk_i,
    input  wire          rst_i,
    // write side: push_i only while !full_o
    input  wire          push_i,
    input  wire [DW-1:0] data_i,
    // IN_REG: the input register, and what is written from it (unread otherwise)
    output wire          in_valid_o,
    output wire [DW-1:0] in_data_o,
    input  wire [DW-1:0] wdata_i,
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
    // the read pipeline: which registers hold an entry, and the first one's
    // (with OUT_REG, the head is the second)
    , output wire [1:0]              f_pipe_valid_o
    , output wire [DW-1:0]           f_pipe_data_o
`endif
);

    // parameter checks: a bad value instantiates a module named after the
    // rule it breaks, which does not exist, so every tool stops there
    generate
        if (AW < 1) begin : g_bad_aw
            sp_fifo_AW_must_be_at_least_1 u_error ();
        end
        if (OUT_REG != 0 && OUT_REG != 1) begin : g_bad_out_reg
            sp_fifo_OUT_REG_must_be_0_or_1 u_error ();
        end
        if (IN_REG != 0 && IN_REG != 1) begin : g_bad_in_reg
            sp_fifo_IN_REG_must_be_0_or_1 u_error ();
        end
    endgenerate

    // the RAM's write: the push itself, or (IN_REG) the one held a clock
    wire          wr;
    wire [DW-1:0] wr_data;
    generate
        if (IN_REG != 0) begin : g_in_reg
            reg          in_valid_q;
            reg [DW-1:0] in_data_q;
            always @(posedge clk_i) begin
                in_valid_q <= push_i;
                in_data_q  <= data_i;
                if (rst_i) in_valid_q <= 1'b0;
            end
            assign wr         = in_valid_q;
            assign wr_data    = wdata_i;
            assign in_valid_o = in_valid_q;
            assign in_data_o  = in_data_q;
        end else begin : g_no_in_reg
            assign wr         = push_i;
            assign wr_data    = data_i;
            assign in_valid_o = 1'b0;
            assign in_data_o  = {DW{1'b0}};
            wire unused_wdata = ^wdata_i;
        end
    endgenerate

    localparam [AW:0]   DEPTH = {1'b1, {AW{1'b0}}};
    localparam [AW:0]   ONE   = 1;
    localparam [AW:0]   TWO   = 2;
    localparam [AW-1:0] STEP  = 1;

    reg  [AW-1:0] wr_ptr_q, rd_ptr_q;
    reg  [AW:0]   count_q;     // every entry held
    reg  [AW:0]   unread_q;    // entries in the RAM not yet read
    reg           unread_nz_q; // unread_q != 0, registered with it
    reg           full_q;      // count_q == DEPTH, registered with it
    reg           v1_q;        // the RAM's read register holds an entry
    reg           v2_q;        // the output register holds an entry (OUT_REG)

    // The head's register takes the next entry when it is popped or empty;
    // with OUT_REG the read register behind it moves up then and is
    // refilled, or is refilled when it is empty.  A refill reads the RAM
    // when it holds an entry not yet read; each entry counted in unread_q
    // landed at an earlier edge.
    wire out_en = (OUT_REG != 0) ? (pop_i || !v2_q) : 1'b0;
    wire rd_en  = (OUT_REG != 0) ? (out_en || !v1_q) : (pop_i || !v1_q);
    wire issue  = rd_en && unread_nz_q;
    wire head_valid = (OUT_REG != 0) ? v2_q : v1_q;

    always @(posedge clk_i) begin
        if (wr) wr_ptr_q <= wr_ptr_q + STEP;
        if (issue) rd_ptr_q <= rd_ptr_q + STEP;
        count_q  <= count_q + (push_i ? ONE : {(AW + 1){1'b0}}) - (pop_i ? ONE : {(AW + 1){1'b0}});
        unread_q <= unread_q + (wr ? ONE : {(AW + 1){1'b0}}) - (issue ? ONE : {(AW + 1){1'b0}});
        // unread next is not 0: a write, or more than the read takes; decided
        // from the old count, beside the adder
        unread_nz_q <= wr || unread_q >= TWO || (unread_q == ONE && !issue);
        if (rd_en) v1_q <= issue;
        if (out_en) v2_q <= v1_q;
        // full next: one push from DEPTH - 1, or no pop at DEPTH (no push
        // arrives while full)
        full_q <= (count_q == DEPTH - ONE && push_i && !pop_i) ||
                  (count_q == DEPTH && !pop_i);
        if (rst_i) begin
            wr_ptr_q    <= {AW{1'b0}};
            rd_ptr_q    <= {AW{1'b0}};
            count_q     <= {(AW + 1){1'b0}};
            unread_q    <= {(AW + 1){1'b0}};
            unread_nz_q <= 1'b0;
            full_q      <= 1'b0;
            v1_q        <= 1'b0;
            v2_q        <= 1'b0;
        end
    end

    sp_ram_sdp #(
        .AW        (AW),
        .DW        (DW),
        .OUT_REG   (OUT_REG),
        .OPT_DP16KD(OPT_DP16KD)
    ) u_ram (
        .clk_i   (clk_i),
        .we_i    (wr),
        .waddr_i (wr_ptr_q),
        .wdata_i (wr_data),
        .rd_en_i (rd_en),
        .raddr_i (rd_ptr_q),
        .out_en_i(out_en),
        .rdata_o (head_o)
`ifdef FORMAL
        , .f_mem_o(f_mem_o)
        , .f_rdata1_o(f_pipe_data_o)
`endif
    );

    assign head_valid_o = head_valid;
    assign count_o      = count_q;
    assign full_o       = full_q;
    assign settling_o   = (count_q != {(AW + 1){1'b0}}) && !head_valid;

`ifdef FORMAL
    assign f_rd_ptr_o     = rd_ptr_q;
    assign f_pipe_valid_o = {v2_q, v1_q};
`endif

`ifdef SP_ASSERT
    always @(posedge clk_i) begin
        if (!rst_i) begin
            assert (!(push_i && full_o));
            assert (!(pop_i && !head_valid));
            assert (full_q == (count_q == DEPTH));
            assert (unread_nz_q == (unread_q != {(AW + 1){1'b0}}));
            // every entry is in the RAM unread, in the read pipeline or at
            // the head; the pointers' distance is what is unread
            assert (count_q <= DEPTH && unread_q <= count_q);
            assert (count_q == unread_q + {{AW{1'b0}}, v1_q} + {{AW{1'b0}}, v2_q} +
                               {{AW{1'b0}}, in_valid_o});
            assert (wr_ptr_q - rd_ptr_q == unread_q[AW-1:0]);
            // without an output register its flag stays clear
            if (OUT_REG == 0) assert (!v2_q);
        end
    end
`endif

endmodule

`resetall
