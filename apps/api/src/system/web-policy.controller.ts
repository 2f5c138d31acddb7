import type { WebPolicyResponse } from '@app/contracts';
import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/inject-config.decorator';
import { StorageService } from '../storage/storage.service';

class WebPolicyResponseDto implements WebPolicyResponse {
  @ApiProperty({ example: 'http://127.0.0.1:4569' }) uploadOrigin!: string;
  @ApiProperty() stripe!: boolean;
}

/** The web server builds its Content-Security-Policy from this: where uploads go and whether Stripe.js loads. */
@ApiTags('system')
@Controller('system/web-policy')
export class WebPolicyController {
  constructor(
    private readonly storage: StorageService,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Origins the web app must allow in its Content-Security-Policy' })
  @ApiOkResponse({ type: WebPolicyResponseDto })
  async policy(): Promise<WebPolicyResponseDto> {
    // Presigning is computed locally (no request to the store), and gives exactly the origin browsers will PUT to.
    const uploadOrigin = new URL(await this.storage.createUploadUrl('uploads/csp-origin-probe')).origin;
    return { uploadOrigin, stripe: this.config.stripe.publishableKey !== null };
  }
}
