import { Controller, Get, Header, HttpCode, Post, Res } from '@nestjs/common';
import { ApiConflictResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AdminOnly } from '../admin/admin-only.decorator';
import { LeadDto, SheetsSyncResultDto } from './dto/lead.dto';
import { LeadsService } from './leads.service';

/** Lead contacts are personal data, so every route is for admins only. */
@ApiTags('leads')
@AdminOnly()
@Controller('leads')
export class LeadsController {
  constructor(private readonly leads: LeadsService) {}

  @Get()
  @ApiOperation({ summary: 'The lead contacts of all completed credentials' })
  @ApiOkResponse({ type: [LeadDto] })
  list(): Promise<LeadDto[]> {
    return this.leads.list();
  }

  @Get('export.csv')
  @Header('content-type', 'text/csv; charset=utf-8')
  @ApiProduces('text/csv')
  @ApiOperation({ summary: 'The leads as CSV (every value quoted, formulas neutralised)' })
  @ApiOkResponse({ description: 'leads_YYYY-MM-DD.csv', schema: { type: 'string' } })
  async exportCsv(@Res({ passthrough: true }) response: Response): Promise<string> {
    const { fileName, csv } = await this.leads.exportCsv();
    response.setHeader('content-disposition', `attachment; filename="${fileName}"`);
    return csv;
  }

  @Post('sheets-sync')
  @HttpCode(200)
  @ApiOperation({ summary: 'Appends the leads to the configured Google spreadsheet' })
  @ApiOkResponse({ type: SheetsSyncResultDto })
  @ApiConflictResponse({ description: 'Sheets not configured, Gmail not connected, or Sheets access not granted' })
  syncToSheets(): Promise<SheetsSyncResultDto> {
    return this.leads.syncToSheets();
  }
}
