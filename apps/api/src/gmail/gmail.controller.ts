import { ROUTES, type RouteResponse } from '@app/contracts';
import { ApiRoute } from '../common/api-route.decorator';
import { Body, Controller, HttpCode, Param, ParseUUIDPipe, Query, Redirect, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiFoundResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiQuery,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthenticatedAdmin } from '../admin/admin-auth.types';
import { AdminOnly, CurrentAdmin } from '../admin/admin-only.decorator';
import { AdminTicketsService } from '../admin/admin-tickets.service';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/inject-config.decorator';
import { EmailTemplateDto, UpdateEmailTemplateDto } from './dto/email-template.dto';
import { GmailConnectTicketDto, GmailSetupStatusDto } from './dto/gmail-setup-status.dto';
import { OAuthCallbackQueryDto } from './dto/oauth-callback-query.dto';
import { EmailTemplatesService } from './email-templates.service';
import { GmailConnectionService } from './gmail-connection.service';
import { parse, serialize } from 'cookie';

const STATE_COOKIE = 'gmail_oauth_state';
const STATE_COOKIE_PATH = '/api/gmail';
const CONNECT_TICKET = 'gmail-connect';

interface RedirectTo {
  url: string;
  statusCode: number;
}

/** The state cookie's Set-Cookie value (the same text Express's res.cookie wrote, from the same `cookie` library). */
function stateCookie(value: string, options: { maxAgeMs: number; secure: boolean }): string {
  return serialize(STATE_COOKIE, value, {
    maxAge: Math.floor(options.maxAgeMs / 1000),
    path: STATE_COOKIE_PATH,
    expires: new Date(Date.now() + options.maxAgeMs),
    httpOnly: true,
    secure: options.secure,
    sameSite: 'lax',
  });
}

const CLEARED_STATE_COOKIE = serialize(STATE_COOKIE, '', { path: STATE_COOKIE_PATH, expires: new Date(0) });

function readCookie(request: FastifyRequest, name: string): string | null {
  return parse(request.headers.cookie ?? '')[name] ?? null;
}

@ApiTags('gmail')
@Controller()
export class GmailController {
  constructor(
    private readonly connection: GmailConnectionService,
    private readonly templates: EmailTemplatesService,
    private readonly tickets: AdminTicketsService,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  @ApiRoute(ROUTES.gmailSetupStatus)
  @ApiOkResponse({ type: GmailSetupStatusDto })
  setupStatus(): Promise<RouteResponse<typeof ROUTES.gmailSetupStatus>> {
    return this.connection.status();
  }

  @ApiRoute(ROUTES.gmailConnectTicket)
  @HttpCode(200)
  @AdminOnly()
  @ApiOkResponse({ type: GmailConnectTicketDto })
  @ApiConflictResponse({ description: 'Google OAuth client or token encryption key not configured' })
  async connectTicket(
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<RouteResponse<typeof ROUTES.gmailConnectTicket>> {
    this.connection.requireConnectable();
    return { ticket: await this.tickets.issue(admin, CONNECT_TICKET) };
  }

  @ApiRoute(ROUTES.gmailConnect)
  @Redirect()
  @ApiQuery({ name: 'ticket', description: 'From POST /api/gmail/connect-ticket' })
  @ApiFoundResponse({ description: "Redirect to Google's consent page" })
  @ApiUnauthorizedResponse({ description: 'Missing, invalid, expired or already used ticket' })
  @ApiConflictResponse({ description: 'Google OAuth client or token encryption key not configured' })
  async connect(
    @Query('ticket') ticket: string | undefined,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<RedirectTo> {
    await this.tickets.redeem(ticket, CONNECT_TICKET);
    const { url, state } = await this.connection.startConsent();
    // Ties the state to this browser, so a callback link made by someone else cannot connect their account here.
    response.header(
      'set-cookie',
      stateCookie(state, { maxAgeMs: 10 * 60 * 1000, secure: this.config.google.redirectUrl.startsWith('https:') }),
    );
    return { url, statusCode: 302 };
  }

  @ApiRoute(ROUTES.gmailCallback)
  @Redirect()
  @ApiFoundResponse({ description: 'Redirect to the evaluation page with ?gmail=connected (or denied)' })
  @ApiBadRequestResponse({ description: 'Missing, unknown, used or expired state' })
  async callback(
    @Query() query: OAuthCallbackQueryDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<RedirectTo> {
    response.header('set-cookie', CLEARED_STATE_COOKIE);
    const back = new URL('/evaluation', this.config.webUrl);
    if (query.error) {
      back.searchParams.set('gmail', 'denied');
      return { url: back.href, statusCode: 302 };
    }
    await this.connection.completeConsent({
      code: query.code ?? '',
      state: query.state ?? '',
      cookieState: readCookie(request, STATE_COOKIE),
    });
    back.searchParams.set('gmail', 'connected');
    return { url: back.href, statusCode: 302 };
  }

  @ApiRoute(ROUTES.gmailDisconnect)
  @HttpCode(200)
  @AdminOnly()
  @ApiOkResponse({ type: GmailSetupStatusDto })
  async disconnect(): Promise<RouteResponse<typeof ROUTES.gmailDisconnect>> {
    await this.connection.disconnect();
    return this.connection.status();
  }

  @ApiRoute(ROUTES.emailTemplates)
  @ApiOkResponse({ type: [EmailTemplateDto] })
  listTemplates(): Promise<RouteResponse<typeof ROUTES.emailTemplates>> {
    return this.templates.list();
  }

  @ApiRoute(ROUTES.updateEmailTemplate)
  @AdminOnly()
  @ApiOkResponse({ type: EmailTemplateDto })
  @ApiBadRequestResponse({ description: 'Empty or over-long text, a multi-line subject, or an unknown placeholder' })
  @ApiNotFoundResponse({ description: 'No such template' })
  updateTemplate(
    @Param('id', new ParseUUIDPipe()) id: string,
    @Body() body: UpdateEmailTemplateDto,
  ): Promise<RouteResponse<typeof ROUTES.updateEmailTemplate>> {
    return this.templates.update(id, body);
  }
}
