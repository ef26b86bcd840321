// SPDX-License-Identifier: Apache-2.0
/*
 * sp_soc_sys.v - the SoC's system registers (fpga/soc/fw/sp_soc.h, SYS_*):
 * the program's exit code, LEDs, the clock frequency, the clocks the core
 * spends in its interrupt handler, and the accesses that found no device.
 *
 * The handler clocks are what the demo reports as the driver's cost, so
 * they are counted in hardware, not by the handler timing itself.
 */
`resetall
`default_nettype none

module sp_soc_sys #(
    parameter CLK_HZ = 12000000  // the SoC clock, read back by software for the UART divider
) (
    input  wire        clk_i,
    input  wire        rst_i,
    input  wire        valid_i,
    output reg         ready_o,
    input  wire [4:0]  addr_i,        // byte offset
    input  wire [31:0] wdata_i,
    input  wire        we_i,
    output reg  [31:0] rdata_o,
    input  wire        in_handler_i,  // from the selector
    input  wire        handler_entry_i,
    input  wire        bus_error_i,   // an access to no device was answered this clock
    input  wire [31:0] bus_error_addr_i,
    output reg         exit_o,        // one clock: software wrote EXIT
    output reg  [31:0] exit_code_o,
    output reg  [7:0]  leds_o
);

    reg [63:0] irq_cycles_q;
    reg [31:0] irq_hi_latch_q, irq_entries_q, bus_errors_q, bus_err_addr_q;

    wire access = valid_i && !ready_o;

    always @(posedge clk_i) begin
        if (rst_i) begin
            irq_cycles_q   <= 64'd0;
            irq_hi_latch_q <= 32'd0;
            irq_entries_q  <= 32'd0;
            bus_errors_q   <= 32'd0;
            bus_err_addr_q <= 32'd0;
            exit_o         <= 1'b0;
            exit_code_o    <= 32'd0;
            leds_o         <= 8'd0;
            ready_o        <= 1'b0;
            rdata_o        <= 32'd0;
        end else begin
            exit_o <= 1'b0;
            if (in_handler_i)
                irq_cycles_q <= irq_cycles_q + 64'd1;
            if (handler_entry_i)
                irq_entries_q <= irq_entries_q + 32'd1;
            if (bus_error_i) begin
                if (bus_errors_q == 32'd0)
                    bus_err_addr_q <= bus_error_addr_i;
                bus_errors_q <= bus_errors_q + 32'd1;
            end

            ready_o <= access;
            if (access) begin
                case (addr_i)
                    5'h00: rdata_o <= exit_code_o;
                    5'h04: rdata_o <= {24'd0, leds_o};
                    5'h08: rdata_o <= CLK_HZ;
                    5'h0C: begin
                        rdata_o        <= irq_cycles_q[31:0];
                        irq_hi_latch_q <= irq_cycles_q[63:32];
                    end
                    5'h10: rdata_o <= irq_hi_latch_q;
                    5'h14: rdata_o <= irq_entries_q;
                    5'h18: rdata_o <= bus_errors_q;
                    5'h1C: rdata_o <= bus_err_addr_q;
                    default: rdata_o <= 32'd0;
                endcase
                if (we_i) begin
                    case (addr_i)
                        5'h00: begin
                            exit_o      <= 1'b1;
                            exit_code_o <= wdata_i;
                        end
                        5'h04: leds_o <= wdata_i[7:0];
                        default: ;
                    endcase
                end
            end
        end
    end

endmodule

`resetall
