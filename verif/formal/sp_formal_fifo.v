// SPDX-License-Identifier: Apache-2.0
// sp_formal_fifo.v - formal harness for rtl/sp_fifo.v (read only by the
// formal flow: fifo_aw2.sby, fifo_aw3.sby).
//
// Instantiates sp_fifo at small parameters and checks, with a shadow model
// kept here:
//   * the fill count: a shadow count (+1 per push, -1 per pop, 0 at reset)
//     always equals count_o; never above DEPTH (no overflow);
//   * full_o is exactly "shadow count == DEPTH"; head_valid_o only when the
//     shadow count is non-zero (no underflow); settling_o is exactly "holds
//     entries, head not valid"; an entry held with no pop in the cycle
//     before is at the head now (the head never waits longer than that);
//   * ordering and integrity: two arbitrary pushes, item 1 then item 2
//     (chosen by the solver: any cycles, any data d1/d2), come out in that
//     order, each exactly when every entry pushed before it has been popped,
//     and with their data unchanged.
// The interface contract is assumed: no push while full_o, no pop without
// head_valid_o; reset in the first cycle.
//
// The .sby files read the FIFO with SP_ASSERT, so its own invariants (the
// pointers' distance is what is unread, the count what is unread plus the
// read pipeline) strengthen the induction too.  Its read pointer, RAM
// words and read pipeline come from ports that exist only under FORMAL
// (f_rd_ptr_o, f_mem_o, f_pipe_*_o), used only in the strengthening
// assertions that make k-induction succeed.  OUT_REG builds the FIFO with
// the RAM's output register holding the head (the ECP5's block RAM);
// IN_REG with the input register every push waits in for a clock (the tuple
// queue), what it writes being what it holds.
//
// Covered (the cover task reaches each from reset): full, a pop
// while full, full and then drained, a push and a pop in one clock, pops in
// two clocks running, an entry held while the head settles, and the two
// tracked items leaving in order with different data.
`default_nettype none

module sp_formal_fifo #(
    parameter AW = 2,
    parameter DW = 4,
    parameter OUT_REG = 0,
    parameter IN_REG = 0
) (
    input wire clk
);
    localparam [AW:0] DEPTH = 1 << AW;

    (* anyseq *) reg          rst;
    (* anyseq *) reg          push;
    (* anyseq *) reg          pop;
    (* anyseq *) reg [DW-1:0] data;
    // the tracked items: their data and the cycles they are pushed in
    (* anyconst *) reg [DW-1:0] d1;
    (* anyconst *) reg [DW-1:0] d2;
    (* anyseq *)   reg          pick;

    wire          head_valid, full, settling;
    wire [DW-1:0] head;
    wire [AW:0]   count;

    wire          in_valid;
    wire [DW-1:0] in_data;
    sp_fifo #(.AW(AW), .DW(DW), .OUT_REG(OUT_REG), .IN_REG(IN_REG)) u_dut (
        .clk_i(clk), .rst_i(rst),
        .push_i(push), .data_i(data),
        .in_valid_o(in_valid), .in_data_o(in_data), .wdata_i(in_data),
        .pop_i(pop), .head_valid_o(head_valid), .head_o(head),
        .count_o(count), .full_o(full), .settling_o(settling),
        .f_rd_ptr_o(f_rd_ptr), .f_mem_o(f_mem),
        .f_pipe_valid_o(f_pipe_valid), .f_pipe_data_o(f_pipe_data)
    );

    // internal state (strengthening only): the read pointer, the RAM, the
    // read pipeline (with OUT_REG its first register is the one behind
    // the head)
    wire [AW-1:0]            f_rd_ptr;
    wire [(1<<AW)*DW-1:0]    f_mem;
    wire [1:0]               f_pipe_valid;
    wire [DW-1:0]            f_pipe_data;
    // entries in the read pipeline, the head included
    wire [AW:0] f_in_pipe = {{AW{1'b0}}, f_pipe_valid[0]} + {{AW{1'b0}}, f_pipe_valid[1]};
    // an entry N places from the head: in the read pipeline (the head, or
    // with OUT_REG the register behind it), in the RAM, unread, or (IN_REG)
    // the last one in the input register
    function [DW-1:0] f_entry(input [AW:0] n);
        integer fi;
        begin
            f_entry = {DW{1'b0}};
            // the head first when it holds one, then (OUT_REG) the register
            // behind it
            if (in_valid && n == f_count - 1)
                f_entry = in_data;
            else if (n < f_in_pipe)
                f_entry = (n == 0 && (OUT_REG == 0 || f_pipe_valid[1])) ? head : f_pipe_data;
            else
                for (fi = 0; fi < (1 << AW); fi = fi + 1)
                    if (f_rd_ptr + n[AW-1:0] - f_in_pipe[AW-1:0] == fi[AW-1:0])
                        f_entry = f_mem[fi*DW +: DW];
        end
    endfunction
    wire [DW-1:0] f_w1 = f_entry(f_a1);
    wire [DW-1:0] f_w2 = f_entry(f_a2);

    reg f_past_valid = 1'b0;
    always @(posedge clk) f_past_valid <= 1'b1;

    // ---- environment: reset first, then the interface contract
    always @* begin
        if (!f_past_valid) assume (rst);
        // never push when full, never pop an empty/invalid head
        if (!rst) begin
            assume (!(push && full));
            assume (!(pop && !head_valid));
        end
    end

    // ---- shadow fill count
    reg [AW:0] f_count = 0;
    always @(posedge clk) begin
        if (rst) f_count <= 0;
        else f_count <= f_count + push - pop;
    end

    // ---- tracked items: state 0 none, 1 item 1 held, 2 items 1 and 2 held,
    // 3 item 2 held (item 1 out), 4 done.  fa1/fa2: entries ahead of each.
    reg [2:0]  f_st = 0;
    reg [AW:0] f_a1 = 0, f_a2 = 0;
    wire f_in1 = f_st == 3'd1 || f_st == 3'd2;
    wire f_in2 = f_st == 3'd2 || f_st == 3'd3;
    wire f_pop1 = !rst && pop && f_in1 && f_a1 == 0;
    wire f_pop2 = !rst && pop && f_in2 && f_a2 == 0;
    always @(posedge clk) begin
        if (rst) begin
            f_st <= 0;
        end else begin
            if (f_in1 && pop && f_a1 != 0) f_a1 <= f_a1 - 1;
            if (f_in2 && pop && f_a2 != 0) f_a2 <= f_a2 - 1;
            case (f_st)
                3'd0: if (push && pick && data == d1) begin
                          f_st <= 3'd1; f_a1 <= f_count - pop;
                      end
                3'd1: if (f_pop1) f_st <= 3'd4;
                      else if (push && pick && data == d2) begin
                          f_st <= 3'd2; f_a2 <= f_count - pop;
                      end
                3'd2: if (f_pop1) f_st <= 3'd3;
                3'd3: if (f_pop2) f_st <= 3'd4;
                default: ;
            endcase
        end
    end

    // ---- the properties
    always @* begin
        if (f_past_valid && !rst) begin
            // the fill count is exact and never overflows
            assert (count == f_count);
            assert (f_count <= DEPTH);
            // full_o means exactly DEPTH entries held
            assert (full == (f_count == DEPTH));
            // no underflow: a valid head only when entries are held
            if (head_valid) assert (f_count != 0);
            assert (settling == (f_count != 0 && !head_valid));
            // item 1 leaves first, unchanged; item 2 never leaves before it
            if (f_pop1) assert (head == d1);
            if (f_pop2) assert (head == d2);
            if (f_in2 && pop) assert (f_st == 3'd3 || f_a2 != 0);
            // strengthening (for induction): RAM contents, ahead counts
            if (f_in1) assert (f_a1 < f_count && f_w1 == d1);
            if (f_in2) assert (f_a2 < f_count && f_w2 == d2);
            if (f_st == 3'd2) assert (f_a1 < f_a2);
            if (f_count == 0) assert (!head_valid);
        end
    end
    // the head follows one clock after an entry is held without a pop, two
    // with the output register (an entry in the RAM or the read pipeline:
    // with IN_REG the one in the input register is written first)
    wire [AW:0] f_landed = f_count - {{AW{1'b0}}, in_valid};
    reg f_held_q = 1'b0, f_held_q2 = 1'b0;
    always @(posedge clk) begin
        f_held_q  <= !rst && f_landed != 0 && !pop;
        f_held_q2 <= !rst && f_held_q && f_landed != 0 && !pop;
        if (f_past_valid && !rst && (OUT_REG != 0 ? f_held_q2 : f_held_q))
            assert (head_valid);
    end

    // ---- covers
    reg f_was_full_q = 1'b0;  // full since the last reset
    reg f_pop_q = 1'b0;       // a pop in the clock before
    always @(posedge clk) begin
        f_was_full_q <= !rst && (f_was_full_q || full);
        f_pop_q      <= !rst && pop;
    end
    always @* begin
        if (f_past_valid && !rst) begin
            c_full:         cover (full);
            // the clock the full flag must drop after
            c_pop_full:     cover (full && pop);
            c_drained:      cover (f_was_full_q && f_count == 0);
            c_push_pop:     cover (push && pop && f_count != 0);
            // one pop per clock, sustained
            c_pop_pop:      cover (f_pop_q && pop);
            c_settling:     cover (settling);
            // item 2 leaves, so item 1 has left before it
            c_items_out:    cover (f_pop2 && d1 != d2);
        end
    end
endmodule
