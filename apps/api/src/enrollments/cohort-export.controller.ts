import { ROUTES, type RouteResponse } from '@app/contracts';
import { ApiRoute } from '../common/api-route.decorator';
import { Param, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiProduces } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AuthenticatedAdmin } from '../admin/admin-auth.types';
import { AdminController, CurrentAdmin } from '../admin/admin-only.decorator';
import { CohortIdParamDto } from '../cohorts/dto/cohort-id-param.dto';
import { EnrollmentsService } from './enrollments.service';

/** Lives with enrollments because it reads them; the path stays under the cohort it exports. */
@AdminController()
export class CohortExportController {
  constructor(private readonly enrollments: EnrollmentsService) {}

  @ApiRoute(ROUTES.adminCohortCsv, {
    description:
      'Columns Student Name and Email; RFC 4180 with every value quoted and a leading = + - @ neutralised with an apostrophe. ' +
      'Content-Disposition names the file from training, month name and year (Parts_Therapy_Practitioner_March_2027.csv); ' +
      'X-Enrollment-Count gives the number of rows (0 gives the header line only).',
  })
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'The CSV file', schema: { type: 'string' } })
  @ApiNotFoundResponse({ description: 'No such cohort' })
  async export(
    @Param() params: CohortIdParamDto,
    @Res({ passthrough: true }) response: FastifyReply,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<RouteResponse<typeof ROUTES.adminCohortCsv>> {
    const csv = await this.enrollments.cohortCsv(params.id, admin);
    response.header('Content-Type', 'text/csv; charset=utf-8');
    response.header('Content-Disposition', `attachment; filename="${csv.fileName}"`);
    response.header('X-Enrollment-Count', String(csv.enrollmentCount));
    return csv.content;
  }
}
