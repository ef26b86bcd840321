// SPDX-License-Identifier: Apache-2.0
/*
 * sp_soc_timer.v - the SoC's timer: a 64-bit count of clocks since reset
 * and a compare register that raises an interrupt line (fpga/soc/fw/sp_soc.h,
 * TIMER_*).
 *
 * Reading TIME_LO latches TIME_HI, so a 32-bit core reads one instant of
 * the 64-bit count with two loads.  The line is a level: it stays up while
 * IRQ_EN is set and TIME >= CMP, and software lowers it by moving CMP.
 */
`resetall
`default_nettype none

module sp_soc_timer (
    input  wire        clk_i,
    input  wire        rst_i,
    input  wire        valid_i,   // a bus access to the timer's window
    output reg         ready_o,
    input  wire [4:0]  addr_i,    // byte offset
    input  wire [31:0] wdata_i,
    input  wire        we_i,
    output reg  [31:0] rdata_o,
    output wire        irq_o
);

    reg [63:0] time_q, cmp_q;
    reg [31:0] hi_latch_q;
    reg        irq_en_q;

    wire access = valid_i && !ready_o;

    always @(posedge clk_i) begin
        if (rst_i) begin
            time_q     <= 64'd0;
            cmp_q      <= {64{1'b1}};
            hi_latch_q <= 32'd0;
            irq_en_q   <= 1'b0;
            ready_o    <= 1'b0;
            rdata_o    <= 32'd0;
        end else begin
            time_q  <= time_q + 64'd1;
            ready_o <= access;
            if (access) begin
                rdata_o <= 32'd0;
                case (addr_i)
                    5'h00: begin
                        rdata_o    <= time_q[31:0];
                        hi_latch_q <= time_q[63:32];
                    end
                    5'h04: rdata_o <= hi_latch_q;
                    5'h08: rdata_o <= cmp_q[31:0];
                    5'h0C: rdata_o <= cmp_q[63:32];
                    5'h10: rdata_o <= {30'd0, irq_o, irq_en_q};
                    default: rdata_o <= 32'd0;
                endcase
                if (we_i) begin
                    case (addr_i)
                        5'h08: cmp_q[31:0]  <= wdata_i;
                        5'h0C: cmp_q[63:32] <= wdata_i;
                        5'h10: irq_en_q     <= wdata_i[0];
                        default: ;
                    endcase
                end
            end
        end
    end

    assign irq_o  = irq_en_q && (time_q >= cmp_q);

endmodule

`resetall
