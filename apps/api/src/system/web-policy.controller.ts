import { ROUTES, type RouteResponse } from '@app/contracts';
import { ApiRoute } from '../common/api-route.decorator';
import type { WebPolicyResponse } from '@app/contracts';
import { Controller } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiTags } from '@nestjs/swagger';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/inject-config.decorator';
import { StorageService } from '../storage/storage.service';

class WebPolicyResponseDto implements WebPolicyResponse {
  @ApiProperty({ example: 'http://127.0.0.1:4569' }) uploadOrigin!: string;
  @ApiProperty() stripe!: boolean;
}

/** The web server builds its Content-Security-Policy from this: where uploads go and whether Stripe.js loads. */
@ApiTags('system')
@Controller()
export class WebPolicyController {
  constructor(
    private readonly storage: StorageService,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  @ApiRoute(ROUTES.webPolicy)
  @ApiOkResponse({ type: WebPolicyResponseDto })
  async policy(): Promise<RouteResponse<typeof ROUTES.webPolicy>> {
    // Presigning is computed locally (no request to the store), and gives exactly the origin browsers will PUT to.
    const uploadOrigin = new URL(await this.storage.createUploadUrl('uploads/csp-origin-probe')).origin;
    return { uploadOrigin, stripe: this.config.stripe.publishableKey !== null };
  }
}
