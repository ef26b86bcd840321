// SPDX-License-Identifier: Apache-2.0
/*
 * sp_credits.v - the output-queue reservations that keep the queue from
 * overflowing (docs/spec.md 6: every tuple emits at most one message).
 *
 * The port takes a tuple for compression only if it can reserve a slot of
 * the output queue for it; an A_k flush message reserves one too.  A slot is
 * returned when its event ends without a message (S2 decides none, A_k
 * absorbs one, S0 drops a filtered tuple) and when software or the ring's
 * writer pops a message, each a clock late, as the block registers them (the
 * pop comes from the register file's read decode, too deep to feed the adder
 * in the clock it happens).  Returning a slot late is safe: it can only
 * stall or drop a tuple, which the model takes from the RTL.
 *
 * Per clock the count changes by +1 (a reservation) less 0..4 returns.  The
 * returns are known early (registered a clock late); whether the port takes
 * a tuple is known late, at the end of the port's decision (the queues'
 * full flags and the drop policy).  So both next counts are added from the
 * returns alone, with and without a reservation, and take_i only chooses
 * between them: it meets no carry chain.  The full flag is decided from
 * comparisons of the old count, beside the adders (full next needs a net +1
 * from one below full, or 0 at full), and the free count is kept beside the
 * count rather than subtracted from the depth where it is read.
 */
`resetall
`default_nettype none

module sp_credits #(
    // log2 of the output queue's depth: 2^OQ_AW slots to reserve
    parameter OQ_AW = 8
) (
    input  wire           clk_i,
    input  wire           rst_i,
    // a slot reserved this clock (a tuple taken, or an A_k flush message);
    // only while full_o is low
    input  wire           take_i,
    // slots returned, each a clock after the block saw it: S2 ended an
    // event without a message, A_k absorbed one, a message was popped, S0
    // dropped a filtered tuple
    input  wire           ret_s2_i,
    input  wire           ret_absorbed_i,
    input  wire           ret_pop_i,
    input  wire           ret_filtered_i,
    // slots reserved (queued, in flight, promised), the rest, and all taken
    output wire [OQ_AW:0] resv_o,
    output wire [OQ_AW:0] free_o,
    output wire           full_o
);

    localparam [OQ_AW:0] DEPTH = {1'b1, {OQ_AW{1'b0}}};
    localparam [OQ_AW:0] ONE   = 1;

    reg  [OQ_AW:0] resv_q, free_q;
    reg            full_q;

    function [2:0] returns_of(input [3:0] r);
        case (r)
            4'b0000:                            returns_of = 3'd0;
            4'b0001, 4'b0010, 4'b0100, 4'b1000: returns_of = 3'd1;
            4'b0111, 4'b1011, 4'b1101, 4'b1110: returns_of = 3'd3;
            4'b1111:                            returns_of = 3'd4;
            default:                            returns_of = 3'd2;
        endcase
    endfunction
    wire [2:0] returns = returns_of({ret_s2_i, ret_absorbed_i, ret_pop_i, ret_filtered_i});
    wire       ret0    = returns == 3'd0;
    wire       ret1    = returns == 3'd1;

    // the net change without a reservation, 0..-4, and with one, +1..-3,
    // at four bits
    function [3:0] delta_of(input take, input [2:0] ret);
        case ({take, ret})
            {1'b1, 3'd0}:               delta_of = 4'd1;
            {1'b0, 3'd0}, {1'b1, 3'd1}: delta_of = 4'd0;
            {1'b0, 3'd1}, {1'b1, 3'd2}: delta_of = 4'hF;   // -1
            {1'b0, 3'd2}, {1'b1, 3'd3}: delta_of = 4'hE;   // -2
            {1'b0, 3'd3}, {1'b1, 3'd4}: delta_of = 4'hD;   // -3
            default:                    delta_of = 4'hC;   // -4
        endcase
    endfunction
    wire [3:0] delta_keep = delta_of(1'b0, returns);
    wire [3:0] delta_take = delta_of(1'b1, returns);
    wire [OQ_AW + 3:0] step_keep = {{OQ_AW{delta_keep[3]}}, delta_keep};
    wire [OQ_AW + 3:0] step_take = {{OQ_AW{delta_take[3]}}, delta_take};
    wire unused_step = ^{step_keep[OQ_AW + 3:OQ_AW + 1], step_take[OQ_AW + 3:OQ_AW + 1]};
    wire [OQ_AW:0] resv_keep = resv_q + step_keep[OQ_AW:0];
    wire [OQ_AW:0] resv_take = resv_q + step_take[OQ_AW:0];
    wire [OQ_AW:0] free_keep = free_q - step_keep[OQ_AW:0];
    wire [OQ_AW:0] free_take = free_q - step_take[OQ_AW:0];

    always @(posedge clk_i) begin
        resv_q <= take_i ? resv_take : resv_keep;
        free_q <= take_i ? free_take : free_keep;
        full_q <= (resv_q == DEPTH - ONE && take_i && ret0) ||
                  (resv_q == DEPTH && (take_i ? ret1 : ret0));
        if (rst_i) begin
            resv_q <= {(OQ_AW + 1){1'b0}};
            free_q <= DEPTH;
            full_q <= 1'b0;
        end
    end

    assign resv_o = resv_q;
    assign free_o = free_q;
    assign full_o = full_q;

endmodule

`resetall
