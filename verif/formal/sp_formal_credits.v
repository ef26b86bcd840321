// SPDX-License-Identifier: Apache-2.0
/*
 * sp_formal_credits.v - formal harness of the output-queue reservations,
 * rtl/sp_credits.v, at OQ_AW = 2 (4 slots).  Read by credits.sby only.
 *
 * Assumed, as the block guarantees (its own proof checks the count against
 * where tuples and messages are): a reservation only while full_o is low,
 * and no more slots returned than are reserved; reset in the first clock.
 *
 * Asserted: the count is a plain sum of the reservations less the returns
 * (a shadow count kept here), so the table of net changes adds up; it never
 * passes the depth; full_o is exactly "count == depth" and free_o is the
 * depth less the count, in every clock although both are registered beside
 * the count rather than worked out from it.
 *
 * Covered: full; a reservation taken in the clock the last slot is taken
 * back (full stays); four returns at once, with and without a reservation;
 * drained after full.
 */
`default_nettype none

module sp_formal_credits (
    input wire clk
);
    localparam AW = 2;
    localparam [AW:0] DEPTH = 1 << AW;

    (* anyseq *) reg rst, take, ret_s2, ret_absorbed, ret_pop, ret_filtered;

    wire [AW:0] resv, free;
    wire        full;
    sp_credits #(.OQ_AW(AW)) u_dut (
        .clk_i(clk), .rst_i(rst), .take_i(take),
        .ret_s2_i(ret_s2), .ret_absorbed_i(ret_absorbed),
        .ret_pop_i(ret_pop), .ret_filtered_i(ret_filtered),
        .resv_o(resv), .free_o(free), .full_o(full));

    wire [2:0] returns = {2'b00, ret_s2} + {2'b00, ret_absorbed} +
                         {2'b00, ret_pop} + {2'b00, ret_filtered};

    reg         f_past = 1'b0;
    reg  [AW:0] f_held = {(AW + 1){1'b0}};   // the shadow count
    reg         f_was_full = 1'b0;
    always @(posedge clk) begin
        f_past <= 1'b1;
        f_held <= f_held + {{AW{1'b0}}, take} - returns;
        if (full) f_was_full <= 1'b1;
        if (rst) begin
            f_held     <= {(AW + 1){1'b0}};
            f_was_full <= 1'b0;
        end
    end

    always @* begin
        if (!f_past) assume (rst);
        if (!rst) begin
            if (full) assume (!take);
            assume ({1'b0, returns} <= {1'b0, f_held} + {3'b000, take});
        end
    end

    always @* begin
        if (f_past && !rst) begin
            assert (resv == f_held);
            assert (resv <= DEPTH);
            assert (full == (resv == DEPTH));
            assert (free == DEPTH - resv);
        end
    end

    always @* begin
        if (f_past && !rst) begin
            c_full:        cover (full);
            c_refill:      cover (resv == DEPTH - 1 && take && returns == 3'd1 && f_was_full);
            c_four:        cover (returns == 3'd4 && !take);
            c_four_take:   cover (returns == 3'd4 && take);
            c_drained:     cover (f_was_full && resv == 0);
        end
    end
endmodule
